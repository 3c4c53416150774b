package pos

import (
	"bytes"
	"compress/gzip"
	_ "embed" // the model files
	"fmt"
	"io"
)

// The model files of prose v2.0.0 (model/AveragedPerceptron, as prose's
// Asset gives them; NOTICE), embedded here rather than read from prose, so
// that a program carries them only if it calls Load.
var (
	//go:embed model/classes.gob
	classesFile []byte
	//go:embed model/tags.gob
	tagsFile []byte
	//go:embed model/weights.gob.gz
	weightsFileGz []byte
)

// modelFile returns the contents of the model file name: classes.gob,
// tags.gob, or weights.gob (decompressed from weights.gob.gz).
func modelFile(name string) ([]byte, error) {
	switch name {
	case "classes.gob":
		return classesFile, nil
	case "tags.gob":
		return tagsFile, nil
	case "weights.gob":
		r, err := gzip.NewReader(bytes.NewReader(weightsFileGz))
		if err != nil {
			return nil, fmt.Errorf("pos: model %s: %w", name, err)
		}
		b, err := io.ReadAll(r)
		if err == nil {
			err = r.Close()
		}
		if err != nil {
			return nil, fmt.Errorf("pos: model %s: %w", name, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("pos: no model file %q", name)
}
