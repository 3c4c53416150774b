// Package classify holds the trainable linear models of the pipeline: an
// argumentativeness model (ArgumentModel: is a sentence a claim or a reason
// for or against something?) and a stance model (StanceModel: is a text
// PRO, CON or NO towards a topic?). The shipped ones, trained on UKP
// Sentential (CC BY-NC 4.0: non-commercial research use; MODELS.md), are
// embedded: ShippedArgumentModel and ShippedStanceModel.
//
// Both are multinomial logistic regressions over hashed features of the
// text, trained by seeded SGD, and both are used the same way: one
// TrainConfig, TrainArgumentModel and TrainStanceModel to fit a model,
// ReadArgumentModel and ReadStanceModel to load one, WriteTo to save it.
// The same examples, configuration and platform give bit-identical files.
// The file format is a small versioned header and the non-zero weights; a
// foreign, truncated or corrupt file is an error saying so, and a
// model is never read with features it was not trained on.
//
// Models are immutable once trained or read, and safe for concurrent use.
package classify
