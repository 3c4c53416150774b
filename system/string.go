package system

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/semantic"
)

// String describes the Pipeline one step a line, as the advanced command's
// -recipe prints it: the retrieval in words, every other step as the Go
// value it is, written as a recipe would write it (fields at their zero
// value left out), with what a nil step means.
func (p Pipeline) String() string {
	var b strings.Builder
	if len(p.Rewrite) > 0 {
		fmt.Fprintf(&b, "rewrite: %s\n", literals(p.Rewrite))
	}
	p.Retrieve.write(&b)
	if p.Retrieve.retrievesPairs() {
		b.WriteString("pairs: the pairs retrieved\n")
		fmt.Fprintf(&b, "stance: %s\n", stanceString(p.Stance))
		return b.String()
	}
	filters := "none"
	if len(p.Filters) > 0 {
		filters = literals(p.Filters)
	}
	fmt.Fprintf(&b, "filters: %s\n", filters)
	fmt.Fprintf(&b, "pool: the first %d sentences kept\n", cmp.Or(p.Pool, defaultPool))
	if len(p.Rerank) > 0 {
		fmt.Fprintf(&b, "rerank: %s\n", literals(p.Rerank))
	}
	pair := "pairing.Builder{} (its default weights)"
	if p.Pair != nil {
		pair = literal(reflect.ValueOf(p.Pair))
	}
	fmt.Fprintf(&b, "pairs: %s, then consecutive sentences\n", pair)
	fmt.Fprintf(&b, "stance: %s\n", stanceString(p.Stance))
	return b.String()
}

// stanceString describes a stance step.
func stanceString(d any) string {
	if d == nil {
		return "stance.Rule{} (the args.me labels, then the shipped stance model)"
	}
	return literal(reflect.ValueOf(d))
}

// write writes the retrieval's lines: its index's analysis, a line a
// stage, its depth and its Boolean query.
func (r Retrieval) write(b *strings.Builder) {
	analysis := "the Env's index (Input.Index; by default en)"
	if r.Analysis != nil {
		analysis = r.Analysis.String()
		if r.SampleStopFrequent > 0 {
			analysis += fmt.Sprintf("; on a corpus of fewer than %d arguments, %d frequent terms", sampleArguments, r.SampleStopFrequent)
		}
	}
	if !slices.ContainsFunc(r.stages(), func(s Stage) bool { return s.Dense == nil }) {
		analysis = "none (every stage is dense)"
	}
	fmt.Fprintf(b, "analysis: %s\n", analysis)
	for i, s := range r.stages() {
		if s.Dense != nil {
			fmt.Fprintf(b, "stage %d: dense, cosine similarity of %s vectors to the title's", i+1, literal(reflect.ValueOf(s.Dense)))
		} else {
			fmt.Fprintf(b, "stage %d: %s", i+1, s.Search)
		}
		if s.Dense == nil && s.Search.Unit == "argument" {
			n := cmp.Or(s.Arguments, defaultArguments)
			if s.Within != nil {
				what := "sentences"
				if s.Within.Unit == "pair" {
					what = "pairs"
				}
				fmt.Fprintf(b, ", then the %s of %d arguments indexed alone: %s", what, n, s.Within)
			} else {
				fmt.Fprintf(b, ", the sentences of %d arguments", n)
			}
		}
		if s.Depth > 0 {
			fmt.Fprintf(b, ", depth %d", s.Depth)
		}
		if s.Weight != 0 {
			fmt.Fprintf(b, ", weight %.10g", s.Weight) // 1 − 0.7 is 0.30000000000000004
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "depth: %d\n", cmp.Or(r.Depth, defaultDepth))
	if r.NounChunks {
		b.WriteString("query: Boolean, a term of every noun chunk of the title, then the plain title\n")
	}
}

// literals writes the values of a list as Go literals, comma-separated.
func literals[T any](vs []T) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = literal(reflect.ValueOf(&v).Elem())
	}
	return strings.Join(out, ", ")
}

// literal writes v as a Go literal, as a recipe writes a step: a struct as
// Type{Field: value} with its zero fields left out, a pointer to one with
// &, the shipped encoders by their names (semantic.GloVe), a function as
// func, and a value with a String method by it.
func literal(v reflect.Value) string {
	for v.Kind() == reflect.Interface {
		if v.IsNil() {
			return "nil"
		}
		v = v.Elem()
	}
	if v.CanInterface() {
		switch v.Interface() {
		case semantic.GloVe:
			return "semantic.GloVe"
		case semantic.USE:
			return "semantic.USE"
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return "nil"
		}
		if v.Elem().Kind() == reflect.Struct {
			return "&" + literal(v.Elem())
		}
		return fmt.Sprintf("%s (%T)", v.Type().Elem(), v.Interface())
	case reflect.Struct:
		return structLiteral(v)
	case reflect.Func:
		if v.IsNil() {
			return "nil"
		}
		return "func"
	case reflect.Slice, reflect.Array:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = literal(v.Index(i))
		}
		return fmt.Sprintf("%s{%s}", v.Type(), strings.Join(parts, ", "))
	case reflect.String:
		if v.Type().PkgPath() == "" {
			return strconv.Quote(v.String())
		}
		return fmt.Sprintf("%q", v.String())
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	}
	if v.CanInterface() {
		return fmt.Sprint(v.Interface())
	}
	return fmt.Sprint(v)
}

// structLiteral writes a struct as Type{Field: value}, its exported
// fields at their zero value left out (those of one's own type with a
// String method print by it).
func structLiteral(v reflect.Value) string {
	t := v.Type()
	if v.CanInterface() && t.PkgPath() != "" {
		if s, ok := v.Interface().(fmt.Stringer); ok && !strings.HasPrefix(t.PkgPath(), "github.com/argsearch/argsearch/") {
			return s.String()
		}
	}
	var fields []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || v.Field(i).IsZero() {
			continue
		}
		fields = append(fields, f.Name+": "+literal(v.Field(i)))
	}
	return fmt.Sprintf("%s{%s}", t, strings.Join(fields, ", "))
}
