package main

import (
	"flag"
	"fmt"
	"math"
	"strings"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/system"
)

// fusionFlags are -fuse and the flags that configure it.
type fusionFlags struct {
	list    string  // -fuse: the systems' names, separated by commas
	method  *string // -fuse-method
	weights string  // -fuse-weights
	k       float64 // -fuse-k

	names []string  // the list read, after check
	w     []float64 // the weights read; nil for equal weights
}

// defineFusion defines -fuse, -fuse-method, -fuse-weights and -fuse-k on c.
func defineFusion(c *cli.Command) *fusionFlags {
	var ff fusionFlags
	c.Flags.StringVar(&ff.list, "fuse", "", "fuse the rankings of several systems (comma-separated `names`, at least two)")
	ff.method = c.OneOf("fuse-method", []string{"rrf", "combsum"}, "how -fuse combines rankings: by reciprocal rank or by normalised score")
	c.Flags.StringVar(&ff.weights, "fuse-weights", "", "comma-separated `weights`, one per -fuse system (default 1 each; 0 leaves one out)")
	c.Flags.Float64Var(&ff.k, "fuse-k", 60, "the constant `k` of -fuse-method rrf, above 0")
	return &ff
}

// check refuses the fusion flags without -fuse or beside -recipe, a bad
// -fuse list or -fuse-weights, -fuse-k out of range or beside combsum,
// and flags of advanced's pipeline when -fuse leaves advanced out (shared
// are the flags that are not the pipeline's).
func (ff *fusionFlags) check(c *cli.Command, recipe string, shared map[string]bool) error {
	if !visited(c, "fuse") {
		for _, name := range []string{"fuse-method", "fuse-weights", "fuse-k"} {
			if visited(c, name) {
				return cli.Usagef("-%s goes with -fuse, which names the systems to fuse", name)
			}
		}
		return nil
	}
	if recipe != "" {
		return cli.Usagef("-fuse and -recipe: one or the other (-fuse advanced,%s fuses the recipe with advanced)", recipe)
	}
	known, _ := cli.Systems()
	names, err := cli.FusedNames("-fuse", ff.list, ",", known)
	if err != nil {
		return err
	}
	ff.names = names
	if visited(c, "fuse-weights") {
		if ff.w, err = cli.FusionWeights("-fuse-weights", ff.weights, len(names)); err != nil {
			return err
		}
	}
	switch {
	case math.IsNaN(ff.k) || math.IsInf(ff.k, 0) || ff.k <= 0:
		return cli.Usagef("-fuse-k %g: a constant above 0", ff.k)
	case visited(c, "fuse-k") && *ff.method != "rrf":
		return cli.Usagef("-fuse-k goes with -fuse-method rrf, not %s", *ff.method)
	}
	if !strings.Contains(","+ff.list+",", ",advanced,") {
		var pipeline []string
		c.Flags.Visit(func(fl *flag.Flag) {
			if !shared[fl.Name] && !strings.HasPrefix(fl.Name, "fuse") {
				pipeline = append(pipeline, "-"+fl.Name)
			}
		})
		if len(pipeline) > 0 {
			return cli.Usagef("-fuse %s: %s configure advanced's pipeline, which the fusion leaves out", ff.list, strings.Join(pipeline, ", "))
		}
	}
	return nil
}

// system returns the fusion's name (its systems' names joined by "+") and
// the system.Fusion, advanced being p.
func (ff *fusionFlags) system(p system.Pipeline) (string, system.Fusion) {
	_, byName := cli.Systems()
	byName["advanced"] = p
	f := system.Fusion{Method: *ff.method, Weights: ff.w}
	if f.Method == "rrf" {
		f.RRF = ff.k
	}
	for _, n := range ff.names {
		f.Systems = append(f.Systems, byName[n])
	}
	return strings.Join(ff.names, "+"), f
}

// String describes the fusion in a line, for stderr before the run.
func (ff *fusionFlags) String() string {
	s := *ff.method
	if s == "rrf" {
		s += fmt.Sprintf(" (k %g)", ff.k)
	}
	s += " of " + strings.Join(ff.names, ", ")
	if ff.w != nil {
		s += fmt.Sprintf(", weights %v", ff.w)
	}
	return s
}

// visited reports whether the flag name was given on c's command line.
func visited(c *cli.Command, name string) bool {
	given := false
	c.Flags.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}
