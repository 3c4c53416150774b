// Package argsearch is a library for argument retrieval research: the
// systems of the Touché shared task "Argument Retrieval for Controversial
// Questions", in Go. This package holds only documentation; the work is done
// by the packages below, one for each step of a system.
//
// # The pipeline
//
// Data flows one way, and each step is a package:
//
//	corpus → retrieval → filter → pairing → stance → runfile → eval
//
//	corpus             read args.me (processed CSV, JSON; plain, gzip, tar.gz) as Arguments with Sentences;
//	                   a Store to look them up by id (with Argument.Stance, the args.me stance towards a topic),
//	                   kept in a file with Store.WriteTo and ReadStore; the duplicate finder
//	topics             topic files, the official Task 1 topics 2020-2023 embedded, Topic.Query
//	retrieval          Query, Hit, Retriever; Pipeline, Fusion (and Merge for lists), Parts, ForEach over topics;
//	                   retrievaltest checks any Retriever
//	  lexical          our index: Lucene-compatible analysis, BM25, Dirichlet LM, TF-IDF (and ICoefficient), DPH,
//	                   RM3/Bo1 feedback, Boolean queries, the pair unit (two sentences of an argument);
//	                   Cache opens or builds an index keyed by corpus and configuration
//	  bleveindex       a Retriever over a bleve index, queried with bleve's syntax
//	  chatnoir, argsme the ChatNoir search service (ClueWeb22) and the args.me API as Retrievers
//	filter             sentence filters (length, debate noise, duplicates, verbs, argumentativeness) and
//	                   Select/SelectHits, which check pure filters on every core and stateful ones in order
//	pairing            candidates from hits, ArgsRank centrality, coherence, the pair Builder with diversity,
//	                   Complete (fill a list with consecutive sentences)
//	stance             the stance labels, rule-based taggers, Combine (the stance of a pair), Side, Document
//	                   (a document's 2023 stance) and CheckInput (what every tagger refuses)
//	runfile            Run, Result, a Reader (strict, or lenient as trec_eval), a Writer that writes only valid
//	                   runs (atomically, with Touché's rules); runfile/tira for -i/-o
//	eval               qrels (official sets embedded), trec_eval 10.0 measures over a runfile.Run, ArgumentRun
//	                   (pairs or sentences to arguments), bootstrap CIs, t-tests
//
// Beside the pipeline:
//
//	docid              sentence ids "<arg>__PREMISE__k" and pair ids "first,second"
//	nlp                sentence splitting, words and content terms, stop lists
//	  pos              part-of-speech tags, verbs and noun phrases (prose's tagger)
//	classify           the trainable models: ArgumentModel and StanceModel, one TrainConfig
//	models             the shipped trained models, embedded
//	corpus/sample      643 real args.me arguments, embedded, and the ten 2021 topics they were drawn for
//	corpus/corpustest  a seeded generator of corpora in the official format, at any size
//
// Heavy dependencies stay where they serve: only retrieval/bleveindex
// imports bleve's engine, only nlp/pos imports prose, and the model
// training code is in classify, which neither corpus nor runfile needs.
//
// # A complete system
//
// A Touché 2022 system that retrieves sentences, filters them, pairs them,
// gives every pair a stance, writes a valid run of 1000 pairs per topic and
// evaluates it is a composition of library calls. This is the package's
// Example (example_test.go), compiled and checked by go test; must and
// check stop the program on an error:
//
//	ctx := context.Background()
//	store := must(corpus.BuildStore(ctx, corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All()))
//	index := must(lexical.Build(ctx, "", corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All(), lexical.Config{}))
//	argModel := must(models.Argumentative())
//	stanceModel := must(models.Stance())
//	dir := must(os.MkdirTemp("", "argsearch"))
//	defer os.RemoveAll(dir)
//	path := filepath.Join(dir, "run.txt")
//	run := must(runfile.Create(path, "example", runfile.Touche2022()))
//
//	for _, t := range must(sample.Touche2021().Topics()) {
//		q := t.Query()
//		hits := must(index.Retrieve(ctx, q, 1000)) // BM25 over sentences
//		keep := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{},
//			filter.Argumentative{Scorer: argModel, Threshold: 0.5})
//		kept, _, err := filter.SelectHits(ctx, keep, store, hits, 100, nil)
//		check(err)
//		cands := must(pairing.Candidates(store, kept))
//		for i, c := range cands {
//			cands[i].Argumentativeness = argModel.Score(c.Sentence.Text)
//			cands[i].Stance, cands[i].StanceConfidence, err = stanceModel.Tag(ctx, q.Text, c.Sentence.Text)
//			check(err)
//		}
//		pairs := must(pairing.Builder{}.Build(ctx, cands, 1000))         // coherent, diverse, never PRO with CON
//		pairs = must(pairing.Complete(pairs, store, hits, q.Text, 1000)) // consecutive sentences fill the rest
//		results := make([]runfile.Result, len(pairs))
//		for i, p := range pairs {
//			lean := stanceModel.Lean(q.Text, p.First.Text) + stanceModel.Lean(q.Text, p.Second.Text)
//			results[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: stance.Side(p.Stance, lean)}
//		}
//		check(run.Write(q.ID, results)) // 100 to 1000 PRO or CON pairs, or an error
//	}
//	check(run.Close()) // the file appears only if the whole run is valid
//
//	pairRun := must(runfile.ReadFile(path))
//	qrels := must(eval.Official(2021, eval.Relevance))
//	args := must(eval.ArgumentRun(pairRun, qrels, eval.FirstSentence, eval.ByScore)) // a pair stands for its first sentence's argument
//	ndcg5 := []eval.Measure{{Name: eval.NDCGCut, Cutoffs: []int{5}}}
//	e := must(eval.Evaluate(qrels, args, eval.Options{Measures: ndcg5, JudgedOnly: true}))
//	mean, _ := e.Mean("ndcg_cut_5")
//	pairsWritten := 0
//	for _, lines := range pairRun {
//		pairsWritten += len(lines)
//	}
//	fmt.Printf("%d topics, %d pairs, nDCG@5 (judged only) %.4f\n", len(e.Topics), pairsWritten, mean)
//
// It prints "10 topics, 10000 pairs, nDCG@5 (judged only) 0.5608". The
// 2021 judgments rate whole arguments; eval.ArgumentRun maps each pair to
// the argument of its first sentence (the evaluate command's -pairs first).
//
// The runnable systems under examples/ assemble complete ones the same way:
// go run ./examples/advanced runs the strongest on the embedded sample, and
// every component there can be switched off by a flag.
package argsearch
