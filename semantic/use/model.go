package use

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"runtime"
	"sync"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/semantic/use/internal/weightfile"
)

//go:embed use-lite.bin
var weightFile []byte

// dim is the length of the model's vectors.
const dim = 512

const (
	embedWidth = 256  // the width of the piece embeddings and layer 0's input
	width      = 512  // the model width
	ffnWidth   = 1536 // the feed-forward width
	heads      = 4
	normEps    = 1e-6
	l2Eps      = 1e-12
)

// A Model is Universal Sentence Encoder lite: texts in, 512-d
// L2-normalised vectors out. It is immutable and safe for concurrent use;
// it implements semantic.Encoder.
type Model struct {
	tok     *tokenizer
	embed   []float32 // [pieces+2][embedWidth]
	timing  []float32 // [128]: the inverse timescales of the position signal
	layers  [2]layer
	tanhW   []float32 // [width][width]
	tanhB   []float32
	workers int
	scratch sync.Pool // of *scratch, kept between calls
}

// layer is one transformer layer.
type layer struct {
	in                         int       // its input width
	residualW, residualB       []float32 // layer 0: the input's projection to the model width
	norm1Scale, norm1Bias      []float32
	qkvW, qkvB                 []float32 // [in][3·in]
	outW, outB                 []float32 // [in][width]
	norm2Scale, norm2Bias      []float32
	ffn1W, ffn1B, ffn2W, ffn2B []float32
}

// Load decodes the embedded weights (for the time it takes, see
// BENCHMARKS.md, section "The encoder (semantic/use)"). Load once and share
// the Model.
func Load() (*Model, error) {
	w, err := weightfile.Decode(weightFile)
	if err != nil {
		return nil, fmt.Errorf("use: use-lite.bin: %w", err)
	}
	t := w.Tensors
	m := &Model{
		tok:     newTokenizer(w.Pieces, w.Scores),
		embed:   t["embeddings"],
		timing:  t["timing"],
		tanhW:   t["tanh.w"],
		tanhB:   t["tanh.b"],
		workers: runtime.GOMAXPROCS(0),
	}
	for i, p := range []string{"l0.", "l1."} {
		m.layers[i] = layer{
			in:         embedWidth,
			residualW:  t[p+"residual.w"],
			residualB:  t[p+"residual.b"],
			norm1Scale: t[p+"norm1.scale"], norm1Bias: t[p+"norm1.bias"],
			qkvW: t[p+"qkv.w"], qkvB: t[p+"qkv.b"],
			outW: t[p+"out.w"], outB: t[p+"out.b"],
			norm2Scale: t[p+"norm2.scale"], norm2Bias: t[p+"norm2.bias"],
			ffn1W: t[p+"ffn1.w"], ffn1B: t[p+"ffn1.b"],
			ffn2W: t[p+"ffn2.w"], ffn2B: t[p+"ffn2.b"],
		}
	}
	m.layers[1].in = width
	return m, nil
}

// batchTokens bounds the tokens one worker encodes at a time.
const batchTokens = 1024

// Encode returns the vectors of texts, in order: 512 float32s each, of
// length 1. A text is read as its first 128 pieces; an empty text has a
// vector too (the model's answer to no pieces). A text that is not valid
// UTF-8 is an error naming its index. Both cores are used; a cancelled ctx
// stops the work between batches with an error wrapping ctx.Err().
func (m *Model) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	if err := nilctx.Check(ctx, "use: Model.Encode"); err != nil {
		return nil, err
	}
	for i, t := range texts {
		if !utf8.ValidString(t) {
			return nil, fmt.Errorf("use: text %d is not valid UTF-8", i)
		}
	}
	out := make([][]float32, len(texts))
	ids := make([][]int32, len(texts))
	// Batches of consecutive texts of at most batchTokens pieces.
	var batches [][2]int
	for i, n := 0, 0; i < len(texts); i++ {
		ids[i] = m.tok.encode(texts[i])
		if len(batches) == 0 || n+len(ids[i]) > batchTokens {
			batches = append(batches, [2]int{i, i})
			n = 0
		}
		batches[len(batches)-1][1] = i + 1
		n += len(ids[i])
	}
	var (
		wg   sync.WaitGroup
		next = make(chan [2]int)
	)
	for range min(m.workers, len(batches)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := m.scratch.Get().(*scratch)
			if s == nil {
				s = new(scratch)
			}
			for b := range next {
				m.encodeBatch(s, ids[b[0]:b[1]], out[b[0]:b[1]])
			}
			m.scratch.Put(s)
		}()
	}
	var err error
	for _, b := range batches {
		if err = ctx.Err(); err != nil {
			break
		}
		next <- b
	}
	close(next)
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("use: %w", err)
	}
	return out, nil
}

// scratch holds one worker's buffers, reused across batches.
type scratch struct {
	x, h, res, qkv, att, y, f []float32
}

func grow(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// encodeBatch encodes texts of the given pieces into out, all rows of all
// texts in one matrix, so that each weight matrix is read once per batch.
func (m *Model) encodeBatch(s *scratch, ids [][]int32, out [][]float32) {
	rows := 0
	for _, t := range ids {
		rows += len(t)
	}
	// Layer 0's input: twice the piece embedding plus the position signal,
	// as the graph adds the embedding once before and once in its
	// AddTimingSignal step.
	s.x = grow(s.x, rows*embedWidth)
	r := 0
	half := embedWidth / 2
	for _, t := range ids {
		for pos, id := range t {
			e := m.embed[int(id)*embedWidth : (int(id)+1)*embedWidth]
			x := s.x[r*embedWidth : (r+1)*embedWidth]
			for i := range half {
				a := float32(pos) * m.timing[i]
				x[i] = e[i] + (e[i] + float32(math.Sin(float64(a))))
				x[half+i] = e[half+i] + (e[half+i] + float32(math.Cos(float64(a))))
			}
			r++
		}
	}
	x := s.x
	for li := range m.layers {
		x = m.layers[li].forward(s, x, ids, rows)
	}
	for i, t := range ids {
		out[i] = m.pool(x, i, ids, t)
	}
}

// forward runs one layer over the rows of x (of width l.in), and returns
// its output (of the model width).
func (l *layer) forward(s *scratch, x []float32, ids [][]int32, rows int) []float32 {
	in := l.in
	// The residual: layer 0 projects its input to the model width.
	s.res = grow(s.res, rows*width)
	if l.residualW != nil {
		matmul(s.res, x, l.residualW, l.residualB, rows, in, width)
	} else {
		copy(s.res, x)
	}
	s.h = grow(s.h, rows*in)
	layerNorm(s.h, x, l.norm1Scale, l.norm1Bias, in)
	s.qkv = grow(s.qkv, rows*3*in)
	matmul(s.qkv, s.h, l.qkvW, l.qkvB, rows, in, 3*in)
	s.att = grow(s.att, rows*in)
	attention(s.att, s.qkv, ids, in)
	// y = residual + attention · out
	s.y = grow(s.y, rows*width)
	matmul(s.y, s.att, l.outW, l.outB, rows, in, width)
	for i, v := range s.res {
		s.y[i] += v
	}
	// The feed-forward block, with its own residual.
	s.h = grow(s.h, rows*width)
	layerNorm(s.h, s.y, l.norm2Scale, l.norm2Bias, width)
	s.f = grow(s.f, rows*ffnWidth)
	matmul(s.f, s.h, l.ffn1W, l.ffn1B, rows, width, ffnWidth)
	for i, v := range s.f {
		s.f[i] = max(v, 0)
	}
	s.x = grow(s.x, rows*width)
	matmul(s.x, s.f, l.ffn2W, l.ffn2B, rows, ffnWidth, width)
	for i, v := range s.y {
		s.x[i] += v
	}
	return s.x
}

// layerNorm normalises each row of x (of width n) into dst.
func layerNorm(dst, x, scale, bias []float32, n int) {
	for r := 0; r < len(x); r += n {
		row, d := x[r:r+n], dst[r:r+n]
		var mean float32
		for _, v := range row {
			mean += v
		}
		mean /= float32(n)
		var variance float32
		for _, v := range row {
			variance += (v - mean) * (v - mean)
		}
		variance /= float32(n)
		inv := float32(1 / math.Sqrt(float64(variance+normEps)))
		for i, v := range row {
			d[i] = scale[i]*inv*(v-mean) + bias[i]
		}
	}
}

// attention computes multi-head self-attention within each text: qkv holds
// each row's query, key and value (in each), and dst gets the heads'
// outputs side by side.
func attention(dst, qkv []float32, ids [][]int32, in int) {
	dh := in / heads
	scale := float32(1 / math.Sqrt(float64(dh)))
	stride := 3 * in
	start := 0
	var w []float32
	for _, t := range ids {
		n := len(t)
		if cap(w) < n {
			w = make([]float32, n)
		}
		w = w[:n]
		for h := range heads {
			for i := range n {
				q := qkv[(start+i)*stride+h*dh : (start+i)*stride+(h+1)*dh]
				maxv := float32(math.Inf(-1))
				for j := range n {
					k := qkv[(start+j)*stride+in+h*dh : (start+j)*stride+in+(h+1)*dh]
					var dot float32
					for c, qv := range q {
						dot += qv * scale * k[c]
					}
					w[j] = dot
					maxv = max(maxv, dot)
				}
				var sum float32
				for j := range w {
					w[j] = float32(math.Exp(float64(w[j] - maxv)))
					sum += w[j]
				}
				o := dst[(start+i)*in+h*dh : (start+i)*in+(h+1)*dh]
				for j := range n {
					v := qkv[(start+j)*stride+2*in+h*dh : (start+j)*stride+2*in+(h+1)*dh]
					p := w[j] / sum
					for c, vv := range v {
						o[c] += p * vv
					}
				}
			}
		}
		start += n
	}
}

// pool returns text i's vector: the mean of its rows of x, through the
// tanh layer, L2-normalised.
func (m *Model) pool(x []float32, i int, ids [][]int32, t []int32) []float32 {
	start := 0
	for _, u := range ids[:i] {
		start += len(u)
	}
	mean := make([]float32, width)
	for r := start; r < start+len(t); r++ {
		for c, v := range x[r*width : (r+1)*width] {
			mean[c] += v
		}
	}
	n := float32(max(len(t), 1))
	for c := range mean {
		mean[c] /= n
	}
	v := make([]float32, width)
	matmul(v, mean, m.tanhW, m.tanhB, 1, width, width)
	var ss float32
	for c := range v {
		v[c] = float32(math.Tanh(float64(v[c])))
		ss += v[c] * v[c]
	}
	inv := float32(1 / math.Sqrt(float64(max(ss, l2Eps))))
	for c := range v {
		v[c] *= inv
	}
	return v
}

// matmul sets dst (rows×n) to a (rows×k) times b (k×n), plus bias on every
// row: with AVX2 and FMA where the machine has them (matmul_amd64.s), in
// plain Go otherwise.
func matmul(dst, a, b, bias []float32, rows, k, n int) {
	for r := range rows {
		copy(dst[r*n:(r+1)*n], bias)
	}
	if !matmulFast(dst, a, b, rows, k, n) {
		matmulGo(dst, a, b, rows, k, n)
	}
}

// matmulGo adds a (rows×k) times b (k×n) to dst (rows×n).
func matmulGo(dst, a, b []float32, rows, k, n int) {
	for r := range rows {
		d := dst[r*n : (r+1)*n]
		for p, av := range a[r*k : (r+1)*k] {
			if av == 0 {
				continue
			}
			for j, bv := range b[p*n : (p+1)*n] {
				d[j] += av * bv
			}
		}
	}
}
