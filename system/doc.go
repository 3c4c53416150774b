// Package system makes a Touché 2022 system a value: something that
// answers a topic with ranked, stanced sentence pairs, and that runs over
// all the topics of an input in one call.
//
//	env, err := system.Open(ctx, system.Input{}) // the embedded 2022 sample; or Input{Dir: tiraInput, Cache: dir}
//	...
//	defer env.Close()
//	run, err := system.Run(ctx, env, system.Advanced(), "mytag") // a runfile.Run, in memory
//	...
//	err = runfile.WriteFile("run.txt", run, runfile.Touche2022()) // writing is a separate step
//
// An Env is what systems run on: the topics, the number K of pairs each
// topic gets (Input.K; by default the Touché 2022 most, 1000), the corpus
// in a corpus.Store, its indexes (Env.Index builds one the first time a system asks, and with
// a cache keeps it for later runs), the shipped models and, for an
// embedded sample, the official judgments of its topics (package
// experiment evaluates with them).
//
// A System has one method, Answer; Func makes one of a function, so a
// researcher's own system is a function composed of the library's parts.
// The package's systems are values:
//
//   - Baseline: BM25 over sentences, each argument's best premise with its
//     conclusion;
//   - Swordsman: the official Touché 2022 baseline (arguments, then their
//     two most central sentences by ArgsRank);
//   - Pipeline: a list of steps, each a value of the package of its kind
//     (query rewriters, package retrieval/rewrite; a Retrieval of stages;
//     filters, package filter; re-rankers and a pairer, package pairing; a
//     stance step, package stance), which take what they lack (the shipped
//     models, the corpus) from the Env; one's own steps plug in as the
//     library's do. Advanced returns the library's strongest Pipeline, and
//     Recipes the eleven published 2022 systems of Task 1 (Porthos, Daario
//     Naharis, Bruce Banner, D'Artagnan, Gamora, Hit Girl, Pearl, Gorgon,
//     General Grevious, Swordsman, Korg) as Pipelines (FindRecipe finds
//     one by name);
//   - Fusion: several systems fused, by reciprocal rank or by the sum of
//     normalised scores, each pair with the stance of the system that
//     ranks it highest.
//
// A System may say which judged topics it learned its settings from (a
// method TrainedOn, as Pipeline.TrainedOn): Advanced does, and package
// experiment marks its figures on them in-sample.
//
// Run checks a configuration before the first topic: a value out of range
// is an error naming its field (or its step), never a panic halfway.
//
// stance.Rule is the library's one decision of the stances a system writes
// (a sentence's: its argument's args.me label, else the stance model's; a
// pair's: PRO or CON for every pair); the package's systems and the
// examples use it.
//
// The same Env, System and tag give the same run, byte for byte, whatever
// the number of workers.
package system
