// Package argsearch is a library for argument retrieval research: the
// systems of the Touché shared task "Argument Retrieval for Controversial
// Questions", in Go. This package holds only documentation; the work is done
// by the packages below, which compose into pipelines.
//
//	corpus             read args.me (processed CSV, JSON; plain, gzip, tar.gz) as Arguments with Sentences
//	corpus/sample      643 real args.me arguments, embedded, in both formats
//	corpus/corpustest  a seeded generator of corpora in the official format, at any size
//	topics             topic files; the official Task 1 topics 2020-2023, embedded
//	retrieval          Query, Hit, Retriever; pipelines, fusion, cutoffs; retrievaltest checks any Retriever
//	retrieval/lexical  an index with textbook BM25, Dirichlet LM and TF-IDF, Lucene-compatible analysis, PRF
//	retrieval/chatnoir the ChatNoir search service (ClueWeb22, Touché 2023) as a Retriever
//	retrieval/argsme   the args.me search API as a Retriever
//	pairing            sentence filters (length, verb, noise, duplicates, argumentativeness), ArgsRank, pair builders
//	argumentative      a shipped model that scores how argumentative a sentence is
//	stance             stance labels and taggers (args.me labels, a trained linear model, baselines)
//	models             the shipped trained models, embedded
//	runfile            write valid TREC runs with the stance column (atomically, Touché rules); read real ones
//	runfile/tira       the TIRA calling convention, -i $inputDataset -o $outputDir
//	eval               qrels (official sets embedded), trec_eval 10.0 measures, bootstrap CIs, t-tests
//
// Data flows one way: corpus → index → retrieve → filter → pair → tag
// stance → run file → evaluation. In code (errors elided; Example_pairs is
// the same code, compiled and checked):
//
//	store, _ := corpus.BuildStore(ctx, corpus.NewCSVReader(sample.ProcessedCSV()).All())
//	index, _ := lexical.Build(ctx, "", corpus.NewCSVReader(sample.ProcessedCSV()).All(), lexical.Config{})
//	argModel, _ := models.Argumentative()
//	stanceModel, _ := models.Stance()
//
//	q := retrieval.Query{ID: "51", Text: "Do we need sex education in schools?"}
//	hits, _ := index.Retrieve(ctx, q, 100) // BM25 over sentences
//	keep := pairing.Chain(pairing.Length{Min: 5, Max: 60}, pairing.Noise{}, &pairing.Dedup{})
//	var cands []pairing.Candidate
//	for _, h := range hits {
//		st, _ := store.Sentence(h.ID)
//		s := corpus.Sentence{ID: st.ID, Text: st.Text}
//		if ok, _ := keep.Check(s); !ok {
//			continue // too short or long, debate noise, or a duplicate
//		}
//		label, _, _ := stanceModel.Tag(ctx, q.Text, s.Text)
//		cands = append(cands, pairing.Candidate{Sentence: s, Retrieval: h.Score,
//			Argumentativeness: argModel.Score(s.Text), Stance: label})
//	}
//	pairs, _ := pairing.Builder{}.Build(ctx, cands, 1000) // coherent, diverse, never PRO with CON
//
//	results := make([]runfile.Result, len(pairs))
//	for i, p := range pairs {
//		results[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: p.Stance}
//	}
//	w, _ := runfile.Create("run.txt", "mysystem", runfile.Touche2022())
//	w.Write(q.ID, results)
//	w.Close() // run.txt appears only if the whole run is valid
//
// Evaluate the run with package eval (the Example of this package does it
// for an argument run), or run `go run ./examples/evaluate`. The runnable
// systems under examples/ (go run ./examples/advanced) assemble complete ones:
// every component there can be switched off by a flag.
package argsearch
