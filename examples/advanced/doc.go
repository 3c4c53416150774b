// Command advanced runs the library's strongest Touché 2022 system
// (system.Advanced): an argument stage (Dirichlet LM with RM3 feedback)
// and a sentence stage (BM25), fused; length, noise, duplicate,
// argumentativeness and verb filters; coherence-aware pairing with
// diversity, the pairs scored by weights learned from the 2022 sample's
// judgments (examples/trainranker), so that its figures on that sample
// are in-sample; stance from the args.me labels or the shipped model.
// Every step can be switched off by a flag, so each ablation is one
// command; -recipe runs a published Touché 2022 system instead, and -fuse
// fuses the rankings of several systems.
//
//	advanced [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-tag TAG] [-cache DIR|off]
//	         [-workers N] [-min-pairs N] [-quiet]
//	         [-rewrite reduce,synonyms,expand] [-model NAME] [-mu 2000] [-conclusion 2]
//	         [-fusion-weight 0.7] [-arguments 100] [-sentences 1000] [-depth 3000]
//	         [-threshold 0.5] [-pool 100] [-pairer builder|next|similar]
//	         [-no-prf] [-no-fusion] [-no-length] [-no-noise] [-no-dedup] [-no-verb] [-no-arg]
//	         [-no-coherence] [-no-diversity] [-no-stance] [-no-quality] [-no-similarity]
//	         [-centrality] [-np-tags] [-semantic-coherence W] [-encoder glove|use]
//	advanced -recipe NAME [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-tag TAG] ...
//	advanced -recipe list
//	advanced -fuse NAME,NAME[,...] [-fuse-method rrf|combsum] [-fuse-weights W,W[,...]] [-fuse-k 60]
//	         [-i DIR] [-o DIR] ... [the pipeline's flags, for advanced among NAMEs]
//
// # Input and output
//
// Input and output follow TIRA's convention: -i DIR holds the corpus
// (args_processed.csv, also .gz, the official .tar.gz, or args.me JSON)
// and topics.xml; the run is written to run.txt in the -o DIR directory
// (without -o, the current directory; here -o is a directory, whereas the
// search command's -o names the run file), replacing one that is there (a
// line on stderr says so; a run that breaks the rules leaves it as it
// was). Without -i the system runs on an args.me sample embedded in the
// module, selected by -sample: 2022 (the default; the 25 odd-numbered
// Touché 2022 topics) or 2021 (ten 2021 topics); it then also scores the
// run against the official judgments of the sample's topics (relevance,
// quality and, for 2022, coherence) and prints the figures.
//
// The index and a file of the corpus's texts are cached in the -cache
// directory (by default the user cache directory + "/argsearch"; "off":
// no cache), with, for a recipe that searches by sentence vectors
// (hit-girl), the vectors of every sentence (3.2 GB for args.me with
// GloVe), and built only on the first run; a cache directory that
// cannot be written is warned about and left out. -workers topics are
// answered at once (by default one a core; the run is the same for any
// value). Progress goes to stderr (-quiet silences it): a bar on a
// terminal, plain lines otherwise.
//
// The run follows the Touché 2022 rules: at most -k pairs per topic
// (1000, the default, is the most), PRO or CON, and at least -min-pairs
// (-1, the default, means 100 with -i and none for a sample: a few
// hundred arguments cannot give every topic 100 pairs). With -no-stance
// the stances are "Q0". -tag is the run tag, the run's last column
// (argsearch-advanced by default; a recipe's or a fusion's run is tagged
// with its name unless -tag says otherwise).
//
// # The steps and their flags
//
// The steps are those of system.Pipeline, as system.Advanced configures
// them; "go doc github.com/argsearch/argsearch/system.Advanced" describes
// them, and each flag below changes one field:
//
//   - query rewriting: -rewrite reduce,synonyms,expand rewrites the query
//     before retrieval (Pipeline.Rewrite: reduce keeps its RAKE
//     keywords, synonyms adds WordNet synonyms, expand GloVe neighbours;
//     a comma-separated list, applied in the order given);
//   - retrieval: -model chooses the argument stage's scoring model
//     (lucene-dirichlet, the default, dirichlet or bm25), -mu its
//     Dirichlet μ (2000), -conclusion the weight of the conclusion field
//     (2; premises and title weigh 1), -no-prf switches off its RM3
//     pseudo-relevance feedback, and -arguments is the number of arguments
//     it retrieves (100; their sentences are candidates); -sentences is
//     the sentence stage's depth (1000); -fusion-weight is the argument
//     stage's weight in the fusion (0.7; the sentence stage gets the
//     rest), -depth the most fused sentences filtered (3000); -no-fusion
//     switches off the sentence stage, so that the argument stage alone
//     gives the candidates;
//   - filters: -no-length switches off the length filter (5 to 60
//     words), -no-noise the debate-noise filter, -no-dedup the exact and
//     normalised duplicate filter, -no-verb the filter that wants a verb
//     (by part-of-speech tags) and -no-arg the argumentativeness filter,
//     whose -threshold is the probability a sentence needs to pass it
//     (0.5);
//   - pairing: -pool is the number of candidates (sentences that pass the
//     filters) paired (100); -pairer chooses the Pairer: builder (the
//     default, pairing.Builder, which weighs coherence and diversity),
//     next (each candidate with the next sentence of its argument,
//     pairing.Next) or similar (with the most similar sentence of its
//     argument by the -encoder vectors, pairing.Similar). The flags that
//     follow change the builder and apply to builder alone: -no-coherence
//     lets any two sentences of compatible stance pair up, with no weight
//     on coherence; -np-tags finds the noun phrases coherence compares by
//     part-of-speech tags (slower); -no-diversity lets the top five pairs
//     share an argument; -no-quality drops the argumentativeness weight
//     from the pair score; -centrality weighs ArgsRank centrality (0.1)
//     into it; -semantic-coherence W weighs the sentences' vector
//     similarity (by the -encoder vectors) into coherence, beside its four
//     default weights (Coherence.SemanticWeight; off by default: it did
//     not help on the 2022 sample);
//   - re-ranking: -no-similarity drops the candidates' similarity to the
//     title by sentence vectors, both the re-ranking and the pair score's
//     similarity weight (pairing.Mix's Similarity and the Builder's Similarity
//     weight); -encoder chooses the sentence vectors of the similarity
//     re-ranking and feature, of -semantic-coherence and of -pairer
//     similar: glove (averaged GloVe word vectors, system.Advanced's, the
//     default) or use (Universal Sentence Encoder lite vectors, much
//     slower; its time: BENCHMARKS.md, section "Meaning, not only words",
//     "Time at full scale");
//   - stance: -no-stance switches off stance tagging and writes "Q0" for
//     every pair.
//
// # Recipes
//
// -recipe NAME runs one of the published Touché 2022 systems written as a
// configuration of library parts (system.Recipes), all eleven teams of
// Task 1 in the order of their published relevance: porthos,
// daario-naharis, bruce-banner, dartagnan, gamora, hit-girl, pearl,
// gorgon, general-grevious, swordsman and korg. -recipe list prints them,
// one line each; -recipe NAME prints the recipe's configuration to stderr
// before the run (unless -quiet). Where the original used a neural model, the recipe
// names it and uses the library's closest part. Only the input, output,
// -k and run flags (-i, -o, -sample, -cache, -quiet, -workers, -min-pairs,
// -tag) apply to a recipe; the flags of advanced's own pipeline beside
// -recipe are a usage error.
//
// # Fusion
//
// -fuse runs several systems and fuses their rankings (system.Fusion):
// advanced (as the pipeline flags configure it), baseline, swordsman and
// the recipes, named and separated by commas, at least two. -fuse-method
// rrf (the default) is reciprocal rank fusion, each pair scoring the sum
// of weight/(k+rank) over the systems' lists (-fuse-k, above 0, 60 by
// default, as Cormack, Clarke and Büttcher chose it); combsum sums weight
// × the min–max normalised scores. -fuse-weights gives one weight per
// system, comma-separated, in the order of -fuse (1 each by default; 0
// leaves a system out). A pair's stance is that of the system that ranks
// it highest. The run is tagged argsearch- and the systems' names joined
// by "+" unless -tag says otherwise.
package main
