// Package coordascent maximises a function of a weight vector by coordinate
// ascent (Metzler and Croft, "Linear feature-based models for information
// retrieval", Information Retrieval 10(3), 2007): it cycles through the
// weights in a fixed order, line-searches each over a fixed grid of values
// with the others held, keeps a value that improves the objective, and stops
// when a whole cycle gains less than a threshold. It is deterministic: the
// same objective, start and configuration give the same weights.
package coordascent

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Config configures Maximize. The zero value uses DefaultGrid(), a minimum
// gain of 1e-4 and at most 20 cycles.
type Config struct {
	// Grid is the values each weight is tried at; nil means DefaultGrid().
	Grid []float64
	// MinGain ends the search when a whole cycle improves the objective by
	// less; 0 means 1e-4.
	MinGain float64
	// MaxCycles bounds the cycles; 0 means 20.
	MaxCycles int
	// Fixed lists the indexes of weights that keep their start value.
	Fixed []int
	// Trace, if not nil, is called with the start weights and their
	// objective as cycle 0, then after each cycle with its number (from 1),
	// the weights and the objective.
	Trace func(cycle int, w []float64, value float64)
}

// DefaultGrid returns the grid of Config's zero value: signed values from 0.02
// to 1, roughly doubling. With an objective that depends only on the
// weights' ratios (a score divided by the sum of absolute weights), it
// spans ratios of 1:50.
func DefaultGrid() []float64 {
	return []float64{-1, -0.5, -0.25, -0.1, -0.05, -0.02, 0, 0.02, 0.05, 0.1, 0.25, 0.5, 1}
}

// An Objective returns the value to maximise at weights w; it must not keep
// or modify w.
type Objective func(ctx context.Context, w []float64) (float64, error)

// Maximize runs coordinate ascent from start and returns the best weights
// found and their objective. A value replaces the current one only when its
// objective is strictly larger; among equal objectives the first tried (in
// grid order) is kept. Objective values are memoised by weight vector, so a
// vector is evaluated once. An error of f ends the search and is returned.
func Maximize(ctx context.Context, f Objective, start []float64, c Config) ([]float64, float64, error) {
	if len(start) == 0 {
		return nil, 0, errors.New("coordascent: no weights")
	}
	grid := c.Grid
	if grid == nil {
		grid = DefaultGrid()
	}
	minGain := c.MinGain
	if minGain == 0 {
		minGain = 1e-4
	}
	maxCycles := c.MaxCycles
	if maxCycles == 0 {
		maxCycles = 20
	}
	memo := map[string]float64{}
	eval := func(w []float64) (float64, error) {
		key := keyOf(w)
		if v, ok := memo[key]; ok {
			return v, nil
		}
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("coordascent: %w", err)
		}
		v, err := f(ctx, w)
		if err != nil {
			return 0, err
		}
		if math.IsNaN(v) {
			return 0, fmt.Errorf("coordascent: the objective is NaN at %v", w)
		}
		memo[key] = v
		return v, nil
	}
	w := slices.Clone(start)
	best, err := eval(w)
	if err != nil {
		return nil, 0, err
	}
	if c.Trace != nil {
		c.Trace(0, slices.Clone(w), best)
	}
	for cycle := 1; cycle <= maxCycles; cycle++ {
		before := best
		for i := range w {
			if slices.Contains(c.Fixed, i) {
				continue
			}
			keep := w[i]
			for _, v := range grid {
				if v == keep {
					continue
				}
				w[i] = v
				if allZero(w) {
					continue
				}
				got, err := eval(w)
				if err != nil {
					return nil, 0, err
				}
				if got > best {
					best, keep = got, v
				}
			}
			w[i] = keep
		}
		if c.Trace != nil {
			c.Trace(cycle, slices.Clone(w), best)
		}
		if best-before < minGain {
			break
		}
	}
	return w, best, nil
}

// allZero reports whether every weight is 0, which a linear model cannot
// rank by.
func allZero(w []float64) bool {
	for _, x := range w {
		if x != 0 {
			return false
		}
	}
	return true
}

// keyOf is w's memo key, exact to the bit.
func keyOf(w []float64) string {
	var b strings.Builder
	for _, x := range w {
		b.WriteString(strconv.FormatUint(math.Float64bits(x), 16))
		b.WriteByte(',')
	}
	return b.String()
}
