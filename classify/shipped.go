package classify

import (
	"bytes"
	_ "embed"
	"fmt"
)

// The shipped models, trained on UKP Sentential (and, for stance, the IBM
// Claim Stance train split) by examples/trainmodels; MODELS.md names their
// training data and licence (CC BY-NC 4.0: non-commercial research use).
// They are embedded so that "go get" users have them; only a program that
// calls ShippedArgumentModel or ShippedStanceModel carries them.

//go:embed argumentative.lin
var argumentativeFile []byte

//go:embed stance.lin
var stanceFile []byte

// ShippedArgumentModel returns the shipped argumentativeness model. Each
// call decodes the embedded file afresh: load it once and share it.
func ShippedArgumentModel() (*ArgumentModel, error) {
	m, err := ReadArgumentModel(bytes.NewReader(argumentativeFile))
	if err != nil {
		return nil, fmt.Errorf("classify: argumentative.lin: %w", err)
	}
	return m, nil
}

// ShippedStanceModel returns the shipped linear stance model (tags Pro,
// Con or No). Each call decodes the embedded file afresh: load it once and
// share it.
func ShippedStanceModel() (*StanceModel, error) {
	m, err := ReadStanceModel(bytes.NewReader(stanceFile))
	if err != nil {
		return nil, fmt.Errorf("classify: stance.lin: %w", err)
	}
	return m, nil
}
