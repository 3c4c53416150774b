package tagging

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/stance"
)

// An Example is one labelled answer to a comparative question.
type Example struct {
	// Question identifies the question ("site/id"); cross-validation folds
	// keep a question's answers together.
	Question string
	Objects  [2]string
	Text     string
	Label    stance.Stance
}

// stanceColumns are the columns of the Webis-CompQuestions-22 comparative
// stance dataset (stance-dataset.tsv).
var stanceColumns = []string{"ds", "id", "question", "answer", "answer_stance", "answer_stance_object",
	"object_count", "object_1", "mask_pos_1", "object_2", "mask_pos_2"}

// ReadStackExchange reads the Webis-CompQuestions-22 comparative stance
// dataset (a tab-separated file with the header stanceColumns) and returns
// its Stack Exchange rows: the rows whose ds is "yahoo" carry ids only (their
// text is under Yahoo's licence) and are skipped. answer_stance 0 is
// stance.No, 1 stance.Neutral, 2 stance.First, 3 stance.Second. A malformed
// row is an error naming name, the line and the field.
func ReadStackExchange(r io.Reader, name string) ([]Example, error) {
	cr := csv.NewReader(bufio.NewReader(r))
	cr.Comma = '\t'
	cr.FieldsPerRecord = len(stanceColumns)
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("tagging: %s: header: %w", name, err)
	}
	for i, c := range stanceColumns {
		if head[i] != c {
			return nil, fmt.Errorf("tagging: %s:1: column %d is %q, want %q", name, i+1, head[i], c)
		}
	}
	var out []Example
	seen := make(map[string]bool)
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("tagging: %s: %w", name, err)
		}
		line, _ := cr.FieldPos(0)
		if rec[0] == "yahoo" {
			continue
		}
		if !strings.HasSuffix(rec[0], ".stackexchange") {
			return nil, fmt.Errorf("tagging: %s:%d: field ds: %q is neither yahoo nor a Stack Exchange site", name, line, rec[0])
		}
		var label stance.Stance
		switch rec[4] {
		case "0":
			label = stance.No
		case "1":
			label = stance.Neutral
		case "2":
			label = stance.First
		case "3":
			label = stance.Second
		default:
			return nil, fmt.Errorf("tagging: %s:%d: field answer_stance: %q is not 0, 1, 2 or 3", name, line, rec[4])
		}
		if strings.TrimSpace(rec[3]) == "" || strings.TrimSpace(rec[7]) == "" || strings.TrimSpace(rec[9]) == "" {
			return nil, fmt.Errorf("tagging: %s:%d: empty answer or object", name, line)
		}
		q := rec[0] + "/" + rec[1]
		if seen[q] {
			return nil, fmt.Errorf("tagging: %s:%d: field id: %s repeated", name, line, q)
		}
		seen[q] = true
		out = append(out, Example{Question: q, Objects: [2]string{rec[7], rec[9]}, Text: rec[3], Label: label})
	}
	return out, nil
}

// Fold returns the cross-validation fold (of k) of a question: FNV-1a of its
// id, so the folds do not depend on the file's order.
func Fold(question string, k int) int {
	h := fnv.New32a()
	h.Write([]byte(question))
	return int(h.Sum32() % uint32(k))
}

// The grid Fit searches; Both is 1 (the other weights are relative to it,
// MinEvidence is in its units).
var (
	gridSingle    = []float64{0, 0.25, 0.5, 0.75, 1}
	gridSentiment = []float64{0, 0.125, 0.25, 0.5, 1, 2, 4, 8, 16}
	gridMargin    = []float64{0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5}
	gridEvidence  = []float64{0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3}
)

// Fit returns the weights of the grid with the highest macro-F1 over the
// examples' features and labels; the first in grid order wins a tie.
func Fit(ctx context.Context, feats []Features, labels []stance.Stance) (Weights, error) {
	best, bestF1 := HandSet, -1.0
	pred := make([]stance.Stance, len(feats))
	for _, s := range gridSingle {
		if err := ctx.Err(); err != nil {
			return Weights{}, err
		}
		for _, se := range gridSentiment {
			for _, m := range gridMargin {
				for _, e := range gridEvidence {
					w := Weights{Both: 1, Single: s, Sentiment: se, Margin: m, MinEvidence: e}
					for i, f := range feats {
						pred[i], _ = Decide(w, f)
					}
					if f1 := MacroF1(labels, pred); f1 > bestF1 {
						best, bestF1 = w, f1
					}
				}
			}
		}
	}
	return best, nil
}

// CrossValidate fits on all folds but one and predicts the one left out,
// for each of the k folds (Fold of each question), and returns the
// predictions.
func CrossValidate(ctx context.Context, ex []Example, feats []Features, k int) ([]stance.Stance, error) {
	pred := make([]stance.Stance, len(ex))
	for fold := 0; fold < k; fold++ {
		var fs []Features
		var ls []stance.Stance
		for i, e := range ex {
			if Fold(e.Question, k) != fold {
				fs = append(fs, feats[i])
				ls = append(ls, e.Label)
			}
		}
		w, err := Fit(ctx, fs, ls)
		if err != nil {
			return nil, err
		}
		for i, e := range ex {
			if Fold(e.Question, k) == fold {
				pred[i], _ = Decide(w, feats[i])
			}
		}
	}
	return pred, nil
}

// MacroF1 is scikit-learn's f1_score(average="macro"): the mean F1 over the
// labels that occur in gold or pred (a label with no true or predicted
// positive counts 0).
func MacroF1(gold, pred []stance.Stance) float64 {
	type counts struct{ tp, fp, fn int }
	c := make(map[stance.Stance]*counts)
	get := func(s stance.Stance) *counts {
		if c[s] == nil {
			c[s] = &counts{}
		}
		return c[s]
	}
	for i := range gold {
		if gold[i] == pred[i] {
			get(gold[i]).tp++
			continue
		}
		get(gold[i]).fn++
		get(pred[i]).fp++
	}
	if len(c) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range c {
		if d := 2*x.tp + x.fp + x.fn; d > 0 {
			sum += 2 * float64(x.tp) / float64(d)
		}
	}
	return sum / float64(len(c))
}

// weightKeys are the lines of a weights file, in order.
var weightKeys = []string{"both", "single", "sentiment", "margin", "min_evidence"}

func (w *Weights) values() []*float64 {
	return []*float64{&w.Both, &w.Single, &w.Sentiment, &w.Margin, &w.MinEvidence}
}

// Format writes w as a weights file: the comment lines (each given without
// its "# "), then "key value" per weight.
func Format(w Weights, comments []string) []byte {
	var b bytes.Buffer
	for _, c := range comments {
		b.WriteString("# " + c + "\n")
	}
	for i, v := range w.values() {
		b.WriteString(weightKeys[i] + " " + strconv.FormatFloat(*v, 'g', -1, 64) + "\n")
	}
	return b.Bytes()
}

// Parse reads a weights file as Format writes it.
func Parse(b []byte, name string) (Weights, error) {
	var w Weights
	vals := w.values()
	n := 0
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if n >= len(weightKeys) || len(f) != 2 || f[0] != weightKeys[n] {
			return Weights{}, fmt.Errorf("tagging: %s:%d: want %q and a number", name, i+1, weightKeys[min(n, len(weightKeys)-1)])
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return Weights{}, fmt.Errorf("tagging: %s:%d: field %s: %w", name, i+1, f[0], err)
		}
		*vals[n] = v
		n++
	}
	if n != len(weightKeys) {
		return Weights{}, fmt.Errorf("tagging: %s: %d weights, want %d", name, n, len(weightKeys))
	}
	return w, nil
}

// Folds is the number of cross-validation folds of Train.
const Folds = 5

// A Report is what Train measured: the cross-validated macro-F1 of the
// fitted tagger, of the hand-set weights and of always answering No, over
// N examples.
type Report struct {
	N                                 int
	CrossValidated, HandSet, AlwaysNo float64
	Weights                           Weights
}

// Train reads the comparative stance dataset (ReadStackExchange), fits the
// weights on all its Stack Exchange rows and returns them as a weights file
// (Format, with comments naming the data, its licence and the command),
// with the report of a Folds-fold cross-validation by question.
func Train(ctx context.Context, lex *Lexicon, r io.Reader, name string) ([]byte, Report, error) {
	ex, err := ReadStackExchange(r, name)
	if err != nil {
		return nil, Report{}, err
	}
	if len(ex) == 0 {
		return nil, Report{}, fmt.Errorf("tagging: %s: no Stack Exchange rows", name)
	}
	feats := make([]Features, len(ex))
	labels := make([]stance.Stance, len(ex))
	hand := make([]stance.Stance, len(ex))
	no := make([]stance.Stance, len(ex))
	for i, e := range ex {
		heads := [2]string{ObjectHead(e.Objects[0]), ObjectHead(e.Objects[1])}
		feats[i] = lex.Features(heads, e.Text)
		labels[i] = e.Label
		hand[i], _ = Decide(HandSet, feats[i])
		no[i] = stance.No
	}
	cv, err := CrossValidate(ctx, ex, feats, Folds)
	if err != nil {
		return nil, Report{}, err
	}
	w, err := Fit(ctx, feats, labels)
	if err != nil {
		return nil, Report{}, err
	}
	rep := Report{N: len(ex), CrossValidated: MacroF1(labels, cv), HandSet: MacroF1(labels, hand),
		AlwaysNo: MacroF1(labels, no), Weights: w}
	file := Format(w, []string{
		"Weights of comparative.Tagger, fitted by grid search for macro-F1 on the " + strconv.Itoa(len(ex)) + " Stack Exchange rows",
		"of the Webis-CompQuestions-22 comparative stance dataset (Bondarenko et al., WSDM 2022; answers from the",
		"Stack Exchange data dump, CC BY-SA; the Yahoo! Answers rows are not used). Written by",
		"go generate ./comparative (go run ./internal/fittagger in comparative/); do not edit.",
	})
	return file, rep, nil
}
