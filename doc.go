// Package argsearch is a library for argument retrieval research: the
// systems of the Touché shared task "Argument Retrieval for Controversial
// Questions", in Go. This package holds only documentation; the work is done
// by the packages below, one for each step of a system, and by two that
// compose them: system (a whole system as a value, run over topics) and
// experiment (systems compared on the official judgments).
//
// # The pipeline
//
// Data flows one way, and each step is a package:
//
//	corpus → retrieval → filter → pairing → stance → runfile → eval
//
//	corpus             read args.me (processed CSV, JSON; plain, gzip, tar.gz) as Arguments with Sentences;
//	                   a Store to look them up by id (with Store.Stance, the args.me stance of a sentence's argument),
//	                   kept in a file with Store.WriteTo and MapStore
//	  sample           two real samples of args.me embedded, with their topics: 2022 (25 topics, judged
//	                   pairs) and 2021 (10 topics, judged arguments)
//	topics             topic files, the official Task 1 topics 2020-2023 embedded
//	retrieval          Query, Hit, Retriever; TopicQuery; Fusion (and Merge for lists), Parts, ForEach over topics;
//	                   retrievaltest checks any Retriever
//	  rewrite          query rewriters (Query to Query): RAKE reduction, WordNet synonyms, GloVe expansion
//	  lexical          our index (analysis from package analysis): BM25, Dirichlet LM, TF-IDF (and ICoefficient), DPH,
//	                   RM3/Bo1 feedback, Boolean queries, the pair unit (two sentences of an argument),
//	                   shingles, DoubleIndex (double indexing: the retrieved arguments' sentences indexed alone);
//	                   Cache opens or builds an index keyed by corpus and configuration
//	  bleveindex       a Retriever over a bleve index, queried with bleve's syntax
//	  chatnoir, argsme the ChatNoir search service (ClueWeb22) and the args.me API as Retrievers (Client),
//	                   and each API served over an index of one's own (Handler)
//	filter             sentence filters (length, debate noise, duplicates, verbs, argumentativeness) and
//	                   SelectHits, which checks pure filters on every core and stateful ones in order
//	pairing            candidates from hits, ArgsRank centrality, coherence; the Reranker Mix; the Pairer
//	                   strategies: the pair Builder with diversity, Next (next sentence), Similar (most similar
//	                   by an encoder); Complete (fill a list with consecutive sentences)
//	stance             the stance labels, rule-based taggers, Combine (the stance of two sentences), Side
//	                   (PRO or CON for texts read together), Document (a document's 2023 stance),
//	                   Rule (the stance step every system uses; a Decider of one's own replaces it)
//	runfile            Run, Result, NewRun, a Reader (strict, or lenient as trec_eval), a Writer and WriteFile
//	                   that write only valid runs (atomically, with Touché's rules); runfile/tira for -i/-o
//	eval               Judgments (official sets embedded), trec_eval 10.0's measures over a runfile.Run, runs of
//	                   pairs mapped to arguments (Options.Pairs), an Estimate of unjudged pairs, bootstrap CIs,
//	                   paired tests (PairedTest)
//	  own              judgments of one's own, in a file the judging page writes; agreement between annotators
//	  unjudged         a model that predicts the labels the official judgments leave out
//
// Composing them:
//
//	system             Env (the corpus, topics, K pairs per topic, indexes and models a system runs on), System
//	                   (a topic's pairs), Run (every topic, in memory; configurations checked before the first),
//	                   Baseline, Swordsman, Pipeline (the steps as values: Rewrite, Retrieve, Filters, Pool,
//	                   Rerank, Pair, Stance; Advanced, and the published 2022 systems as Recipes, FindRecipe by name)
//	experiment         Experiment: several systems or runs in one table led by the predicted nDCG@5 (judged-only,
//	                   estimated, CI95, judged share, paired tests with Bonferroni or Holm corrections,
//	                   in-sample marks, per-topic values; text, TSV, JSON); Sweep: a setting chosen on some
//	                   topics and reported on others
//	  report           an experiment as one self-contained HTML file: table, per-topic plots, pairs side by side
//
// Beside the pipeline:
//
//	nlp                sentence splitting, words and content terms, stop lists, RAKE keywords
//	analysis           index terms as Lucene and bleve make them: UAX#29 tokens, stop lists, Porter, Porter2 and
//	                   Krovetz stemmers, shingles; presets; which of the module's tokenizers is for what
//	  pos              part-of-speech tags, verbs and noun phrases (prose's tagger), structural similarity
//	  wordnet          WordNet 3.0 synonyms for query expansion, embedded
//	classify           the trainable models: ArgumentModel and StanceModel, one TrainConfig; the shipped ones, embedded
//	semantic           Encoder (texts to vectors) and Cosine; the models in sub-packages, each embedding its weights
//	  use              Universal Sentence Encoder lite in pure Go: 512-d sentence vectors (semantic.USE)
//	  glove            GloVe 100-d word vectors: similarity, nearest words, query expansion, averaged sentence vectors
//	retrieval/dense    exact dense retrieval (cosine, top k) over a store's sentences with any semantic.Encoder
//	comparative        Touché Task 2 (comparative questions): its data embedded, passages, the stance tagger,
//	                   the 2022 teams' systems as recipes
//
// For tests and benchmarks, go run ./internal/corpustest/gencorpus writes a
// seeded synthetic corpus in the official format, at any size, with the real
// corpus's statistics.
//
// Heavy dependencies stay where they serve: only retrieval/bleveindex
// imports bleve's engine, only nlp/pos imports prose, and the model
// training code is in classify, which neither corpus, runfile nor eval
// needs.
//
// # An experiment
//
// A Touché 2022 system and a variant of it, run over the embedded 2022
// sample and compared on relevance, quality and coherence against the
// official judgments of its 25 topics, with significance tests, is a few
// library calls. This is the package's Example (example_test.go), compiled
// and checked by go test:
//
//	ctx := context.Background()
//	env, err := system.Open(ctx, system.Input{}) // the embedded 2022 sample, in memory
//	if err != nil {
//		log.Fatal(err)
//	}
//	defer env.Close()
//
//	variant := system.Advanced()
//	variant.Rerank = nil // no re-ranking by sentence vectors (averaged GloVe)
//
//	table, err := experiment.Experiment{
//		Env: env,
//		Systems: []experiment.System{
//			{Name: "advanced", System: system.Advanced()},
//			{Name: "no-similarity", System: variant},
//		},
//	}.Run(ctx)
//	if err != nil {
//		log.Fatal(err)
//	}
//	if err := table.Write(os.Stdout, "text"); err != nil {
//		log.Fatal(err)
//	}
//
// It prints, for each system and dimension, the predicted nDCG@5 (every
// unjudged pair of the top 5 labelled by a model trained on the judged
// sentences of its topic, eval/unjudged) with its 95% bootstrap interval
// and its p-value against the first system, the share of the top 5 that
// is judged (judged@5), and a short warning. The lines above the table name
// the test and which p-values one correction covers:
//
//	p: two-sided paired t-test against advanced over the topics both answer; Bonferroni corrects each p column within one
//	dimension: up to 1 p-value, one per system against advanced. Judged-only figures are tested only where both runs'
//	judged@5 is at least 0.20. † in-sample: the p-value rests on topics that its system or the baseline learned from (its
//	warning says which), so it does not test how the system does on topics it has not seen.
//
//	system         judgments       predicted nDCG@5  CI95           p        judged@5  warning
//	advanced       2022 relevance  0.6497            0.5923-0.7056  -        0.04      in-sample 25/25
//	no-similarity  2022 relevance  0.6495            0.5908-0.7036  0.9788†  0.05      in-sample 25/25
//	advanced       2022 quality    0.7799            0.7193-0.8364  -        0.04      in-sample 25/25
//	no-similarity  2022 quality    0.7822            0.7185-0.8403  0.6973†  0.05      in-sample 25/25
//	advanced       2022 coherence  0.4092            0.3524-0.4681  -        0.04      in-sample 25/25
//	no-similarity  2022 coherence  0.3894            0.3316-0.4497  0.0478†  0.05      in-sample 25/25
//
// Advanced's pair weights were learned on these 25 topics
// (examples/trainranker), and the variant keeps them, so every row here is
// in-sample, and each p-value is marked so: BENCHMARKS.md, "The flagship
// learned from the judgments", gives them cross-validated.
//
// table.Write(os.Stdout, "wide") adds every other figure: the estimated
// judged-only nDCG@5 with its coverage (labelled@5), judged-only nDCG@5
// with judged@5 and its depth (the mean and median rank of the judged
// pairs it scored), and plain nDCG@5. The official 2022 judgments rate
// only the pairs that 2022's teams retrieved, so a new system's top 5 is
// mostly unjudged (judged@5 0.04 here): the judged-only figure then rests
// on pairs from deep in the ranking (around rank 272 here), and the wide
// table says so. The predicted figure leads because a simulation that
// hides judgments found it to keep the systems' order and not to move with
// the candidate pool (BENCHMARKS.md, "Which 2022 figure to trust").
// Predicted and estimated labels are a model's, reported beside the exact
// figures, never mixed into them.
//
// # A system of your own
//
// A system is anything with an Answer method (system.System); system.Func
// makes one of a function. This one retrieves sentences with BM25,
// filters them, pairs them, completes the list with consecutive sentences
// and gives every pair a stance by the library's one rule
// (stance.Rule); it is the package's Example_ownSystem:
//
//	ctx := context.Background()
//	env, err := system.Open(ctx, system.Input{})
//	if err != nil {
//		log.Fatal(err)
//	}
//	defer env.Close()
//	argModel, err := classify.ShippedArgumentModel()
//	if err != nil {
//		log.Fatal(err)
//	}
//	stanceModel, err := classify.ShippedStanceModel()
//	if err != nil {
//		log.Fatal(err)
//	}
//	mine := system.Func(func(ctx context.Context, env *system.Env, t topics.Topic) ([]runfile.Result, error) {
//		index, err := env.Index(ctx, lexical.Config{}) // BM25 over sentences
//		if err != nil {
//			return nil, err
//		}
//		q := retrieval.TopicQuery(t)
//		hits, err := index.Retrieve(ctx, q, 1000)
//		if err != nil {
//			return nil, err
//		}
//		keep := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{},
//			filter.Argumentative{Scorer: argModel, Threshold: 0.5})
//		kept, _, err := filter.SelectHits(ctx, keep, env.Store, hits, 100, nil)
//		if err != nil {
//			return nil, err
//		}
//		cands, err := pairing.Candidates(env.Store, kept)
//		if err != nil {
//			return nil, err
//		}
//		for i := range cands {
//			cands[i].Argumentativeness = argModel.Score(cands[i].Sentence.Text)
//		}
//		rule := stance.Rule{Labels: env.Store.Stance, Model: stanceModel}
//		for i := range cands {
//			c := &cands[i]
//			if c.Stance, c.StanceConfidence, err = rule.Sentence(ctx, q.Text, c.Sentence.ID, c.Sentence.Text); err != nil {
//				return nil, err
//			}
//		}
//		pairs, err := pairing.Builder{}.Build(ctx, q, cands, env.K) // coherent, diverse, never PRO with CON
//		if err != nil {
//			return nil, err
//		}
//		pairs, err = pairing.Complete(pairs, env.Store, hits, q.Text, env.K) // consecutive sentences fill the rest
//		if err != nil {
//			return nil, err
//		}
//		sp := make([]stance.PairText, len(pairs))
//		for i, p := range pairs {
//			sp[i] = stance.PairText{Stance: p.Stance, FirstID: p.First.ID, First: p.First.Text, Second: p.Second.Text}
//		}
//		sides := rule.Sides(q.Text, sp) // PRO or CON for every pair
//		results := make([]runfile.Result, len(pairs))
//		for i, p := range pairs {
//			results[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: sides[i]}
//		}
//		return results, nil
//	})
//	run, err := system.Run(ctx, env, mine, "mine") // in memory; runfile.WriteFile writes it
//	if err != nil {
//		log.Fatal(err)
//	}
//	table, err := experiment.Experiment{Env: env, Systems: []experiment.System{{Name: "mine", Run: run}}}.Run(ctx)
//	if err != nil {
//		log.Fatal(err)
//	}
//	for _, r := range table.Rows {
//		fmt.Printf("%s: predicted nDCG@5 %.3f; judged-only %.3f (judged@5 %.2f, depth %.0f)\n",
//			r.Judgments, r.Predicted.Mean, r.Judged.Mean, r.JudgedShare, r.Depth)
//	}
//
// It prints:
//
//	2022 relevance: predicted nDCG@5 0.650; judged-only 0.437 (judged@5 0.05, depth 274)
//	2022 quality: predicted nDCG@5 0.749; judged-only 0.481 (judged@5 0.05, depth 274)
//	2022 coherence: predicted nDCG@5 0.368; judged-only 0.264 (judged@5 0.05, depth 274)
//
// The runnable programs under examples/ are compositions of the same
// calls: go run ./examples/advanced runs system.Advanced on the 2022
// sample and prints its evaluation, go run ./examples/experiment compares
// the baselines, advanced and the recipes in one table, and every step of
// advanced can be switched off by a flag.
package argsearch
