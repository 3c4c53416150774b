package cli

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/system"
)

// Systems returns the systems the commands know by name, in the order of
// experiment's default table: baseline, swordsman and advanced
// (system.Baseline, system.Swordsman, system.Advanced), then the recipes of
// system.Recipes but swordsman, whose recipe is the swordsman system.
func Systems() (names []string, byName map[string]system.System) {
	names = []string{"baseline", "swordsman", "advanced"}
	byName = map[string]system.System{
		"baseline":  system.Baseline{},
		"swordsman": system.Swordsman{},
		"advanced":  system.Advanced(),
	}
	for _, r := range system.Recipes() {
		if _, ok := byName[r.Name]; ok {
			continue // the swordsman recipe is the swordsman system
		}
		names = append(names, r.Name)
		byName[r.Name] = r.System
	}
	return names, byName
}

// FusedNames reads a list of the systems to fuse, their names separated
// by sep (a comma for advanced's -fuse, "+" in experiment's -systems):
// at least two names, each one of names, none twice. A bad list is a usage
// error that names flag and the systems there are.
func FusedNames(flag, list, sep string, names []string) ([]string, error) {
	parts := strings.Split(list, sep)
	if len(parts) < 2 {
		return nil, Usagef("%s %q: fuse at least two systems, their names separated by %q (the systems: %s)", flag, list, sep, strings.Join(names, ", "))
	}
	for i, n := range parts {
		switch {
		case n == "":
			return nil, Usagef("%s %q: an empty name (the names are separated by %q)", flag, list, sep)
		case !slices.Contains(names, n):
			return nil, Usagef("%s %q: unknown system %q (the systems: %s)", flag, list, n, strings.Join(names, ", "))
		case slices.Contains(parts[:i], n):
			return nil, Usagef("%s %q: %s is listed twice", flag, list, n)
		}
	}
	return parts, nil
}

// FusionWeights reads a comma-separated list of n weights, one per system
// fused (system.Fusion.Weights): each a finite number, 0 or more (0 leaves
// its system out), and not all 0. A bad list is a usage error naming
// flag.
func FusionWeights(flag, list string, n int) ([]float64, error) {
	parts := strings.Split(list, ",")
	if len(parts) != n {
		return nil, Usagef("%s %q: %d weights for %d systems (one per system, separated by commas)", flag, list, len(parts), n)
	}
	weights := make([]float64, n)
	for i, p := range parts {
		w, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
			return nil, Usagef("%s %q: weight %q is not a finite number, 0 or more", flag, list, p)
		}
		weights[i] = w
	}
	if !slices.ContainsFunc(weights, func(w float64) bool { return w > 0 }) {
		return nil, Usagef("%s %q: every weight is 0; at least one system must count", flag, list)
	}
	return weights, nil
}
