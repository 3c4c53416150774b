// Package models holds the trained models shipped with the module, embedded
// so that "go get" users have them: the argumentativeness model and the
// linear stance model, both trained on UKP Sentential by
// examples/trainmodels. MODELS.md names their training data and licence.
//
// Licence: UKP Sentential is released under CC BY-NC 4.0, so these models,
// trained on it, are for non-commercial research use. See MODELS.md.
//
// Each call decodes the embedded file afresh (a few milliseconds); load a
// model once and share it, as models are safe for concurrent use.
package models

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/argsearch/argsearch/classify"
)

//go:embed argumentative.lin
var argumentativeFile []byte

//go:embed stance.lin
var stanceFile []byte

// Argumentative returns the shipped argumentativeness model.
func Argumentative() (*classify.ArgumentModel, error) {
	m, err := classify.ReadArgumentModel(bytes.NewReader(argumentativeFile))
	if err != nil {
		return nil, fmt.Errorf("models: argumentative.lin: %w", err)
	}
	return m, nil
}

// Stance returns the shipped linear stance model (tags Pro, Con or No).
func Stance() (*classify.StanceModel, error) {
	m, err := classify.ReadStanceModel(bytes.NewReader(stanceFile))
	if err != nil {
		return nil, fmt.Errorf("models: stance.lin: %w", err)
	}
	return m, nil
}
