package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/internal/topicorder"
	"github.com/argsearch/argsearch/topics"
)

// A plot is an SVG drawing as a list of shapes, with its text
// alternatives: a title and a description for screen readers, and its
// numbers as a table.
type plot struct {
	ID            string
	Heading       string
	Title, Desc   string
	Width, Height float64
	Shapes        []shape
	Data          dataTable
}

// shape is one element of a plot; the template draws it by Kind.
type shape struct {
	Kind         string // "line", "rect", "marker" (a path at X,Y) or "text"
	X, Y, X2, Y2 float64
	W, H         float64
	D            string // a marker's path
	Fill, Stroke string
	Class        string
	Text         string
	Anchor       string // a text's text-anchor
	Angle        float64
	Tip          string // a tooltip
}

// dataTable is a plot's numbers.
type dataTable struct {
	Header []string
	Rows   [][]string
}

// Colours of the differences: Okabe–Ito blue and vermillion.
const (
	colourBetter = "#0072B2"
	colourWorse  = "#D55E00"
)

// Layout of the plots, in pixels.
const (
	plotWidth = 880.0
	charWidth = 6.6 // of 12-pixel text, about
)

// f3 formats a value with three decimals, "–" for NaN.
func f3(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// signed formats a difference with its sign.
func signed(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if v > 0 {
		return "+" + s
	}
	if v < 0 {
		return "−" + s[1:]
	}
	return s
}

// signedTick formats an axis tick with its sign and two decimals.
func signedTick(v float64) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', 2, 64)
	switch {
	case v > 0:
		return "+" + s
	case v < 0:
		return "−" + s
	}
	return s
}

// cut shortens a text to n characters, with an ellipsis.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// legend draws the systems' markers and names in rows from y, and returns
// the shapes and the height they take.
func legend(systems []systemView, y float64) ([]shape, float64) {
	var out []shape
	x, h := 10.0, 18.0
	for _, s := range systems {
		w := 22 + charWidth*float64(utf8.RuneCountInString(s.Name)) + 18
		if x+w > plotWidth && x > 10 {
			x, y = 10, y+h
		}
		out = append(out, shape{Kind: "marker", X: x + 6, Y: y + 6, D: s.Marker, Fill: s.Colour, Stroke: "#222"},
			shape{Kind: "text", X: x + 16, Y: y + 10, Text: s.Name, Class: "legend"})
		x += w
	}
	return out, y + h
}

// xAxis draws vertical grid lines and tick labels at 0, 0.2, …, 1 of the
// scale x, between y0 and y1, labelled above and below.
func xAxis(x func(float64) float64, y0, y1 float64) []shape {
	var out []shape
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		label := strconv.FormatFloat(v, 'f', 1, 64)
		out = append(out, shape{Kind: "line", X: x(v), Y: y0, X2: x(v), Y2: y1, Class: "grid"},
			shape{Kind: "text", X: x(v), Y: y0 - 5, Text: label, Anchor: "middle", Class: "tick"},
			shape{Kind: "text", X: x(v), Y: y1 + 13, Text: label, Anchor: "middle", Class: "tick"})
	}
	return out
}

// perTopicPlot draws every system's value on every topic: a dot plot, a
// row per topic, a marker per system.
func perTopicPlot(rows []experiment.Row, systems []systemView, index map[string]int, value func(experiment.TopicScores) float64, titles map[string]topics.Topic, measure, dim string) plot {
	var ids []string
	values := map[string]map[int]float64{} // topic → system → value
	for _, r := range rows {
		for _, ts := range r.PerTopic {
			if values[ts.Topic] == nil {
				values[ts.Topic] = map[int]float64{}
				ids = append(ids, ts.Topic)
			}
			values[ts.Topic][index[r.System]] = value(ts)
		}
	}
	topicorder.Sort(ids)
	p := plot{ID: "plot-topics", Heading: fmt.Sprintf("%s per topic, %s", measure, dim),
		Title: fmt.Sprintf("%s of every system on every topic, %s", measure, dim)}
	p.Data.Header = []string{"topic", "title"}
	for _, s := range systems {
		p.Data.Header = append(p.Data.Header, s.Name)
	}

	left, right := 330.0, 24.0
	x := func(v float64) float64 { return left + v*(plotWidth-left-right) }
	shapes, y := legend(systems, 6)
	y0 := y + 20
	rowH := 20.0
	y1 := y0 + rowH*float64(len(ids))
	for i := range ids {
		if i%2 == 0 {
			shapes = append(shapes, shape{Kind: "rect", X: 0, Y: y0 + rowH*float64(i), W: plotWidth, H: rowH, Class: "stripe"})
		}
	}
	shapes = append(shapes, xAxis(x, y0, y1)...)
	spread := math.Min(12, rowH-6)
	best := make([]int, len(systems)) // topics on which each system is best (ties count for each)
	for i, id := range ids {
		cy := y0 + rowH*(float64(i)+0.5)
		title := valid(titles[id].Title)
		shapes = append(shapes, shape{Kind: "text", X: 40, Y: cy + 4, Text: valid(id), Anchor: "end", Class: "label"},
			shape{Kind: "text", X: 48, Y: cy + 4, Text: cut(title, int((left-56)/charWidth)), Class: "label", Tip: title})
		row := []string{valid(id), title}
		top := math.Inf(-1)
		for si := range systems {
			if v, ok := values[id][si]; ok && v > top {
				top = v
			}
		}
		for si, s := range systems {
			v, ok := values[id][si]
			if !ok {
				v = math.NaN()
			}
			row = append(row, f3(v))
			if math.IsNaN(v) {
				continue
			}
			if v == top {
				best[si]++
			}
			off := 0.0
			if len(systems) > 1 {
				off = (float64(si)/float64(len(systems)-1) - 0.5) * spread
			}
			shapes = append(shapes, shape{Kind: "marker", X: x(v), Y: cy + off, D: s.Marker, Fill: s.Colour, Stroke: "#222",
				Tip: fmt.Sprintf("topic %s, %s: %s", valid(id), s.Name, f3(v))})
		}
		p.Data.Rows = append(p.Data.Rows, row)
	}
	shapes = append(shapes, shape{Kind: "text", X: x(0.5), Y: y1 + 30, Text: measure, Anchor: "middle", Class: "axis"})
	p.Shapes, p.Width, p.Height = shapes, plotWidth, y1+40
	var most []string
	for si, s := range systems {
		most = append(most, fmt.Sprintf("%s %d", s.Name, best[si]))
	}
	p.Desc = fmt.Sprintf("A dot plot with a row for each of %d topics and a marker for each system (its own colour and shape), placed by its %s on %s from 0 to 1. Topics on which each system has the highest value, ties counting for each: %s. The table below holds every value.",
		len(ids), measure, dim, strings.Join(most, ", "))
	return p
}

// diffPlot draws a system's per-topic difference from the baseline,
// sorted from its best topic to its worst: a bar per topic.
func diffPlot(r, base experiment.Row, s systemView, value func(experiment.TopicScores) float64, measure, dim string) plot {
	type diff struct {
		topic   string
		v, b, d float64
	}
	baseline := map[string]float64{}
	for _, ts := range base.PerTopic {
		baseline[ts.Topic] = value(ts)
	}
	var ds []diff
	for _, ts := range r.PerTopic {
		v, b := value(ts), baseline[ts.Topic]
		if _, ok := baseline[ts.Topic]; ok && !math.IsNaN(v) && !math.IsNaN(b) {
			ds = append(ds, diff{ts.Topic, v, b, v - b})
		}
	}
	topicOrder := func(a, b string) int {
		ids := []string{a, b}
		topicorder.Sort(ids)
		if a == b {
			return 0
		}
		if ids[0] == a {
			return -1
		}
		return 1
	}
	slices.SortFunc(ds, func(a, b diff) int { return cmp.Or(cmp.Compare(b.d, a.d), topicOrder(a.topic, b.topic)) })

	name, baseName := s.Name, valid(base.System)
	p := plot{ID: fmt.Sprintf("plot-diff-s%d", s.Index), Heading: fmt.Sprintf("%s − %s", name, baseName),
		Title: fmt.Sprintf("%s minus %s, %s on %s, per topic, sorted", name, baseName, measure, dim)}
	p.Data.Header = []string{"topic", name, baseName, "difference"}
	var better, worse, equal int
	var sum float64
	for _, d := range ds {
		switch {
		case d.d > 0:
			better++
		case d.d < 0:
			worse++
		default:
			equal++
		}
		sum += d.d
		p.Data.Rows = append(p.Data.Rows, []string{valid(d.topic), f3(d.v), f3(d.b), signed(d.d)})
	}

	left, right, top, plotH := 56.0, 12.0, 14.0, 150.0
	m := 0.1
	for _, d := range ds {
		m = math.Max(m, math.Ceil(math.Abs(d.d)*10-1e-9)/10)
	}
	y := func(v float64) float64 { return top + plotH/2 - v/m*plotH/2 }
	var shapes []shape
	for _, v := range []float64{-m, -m / 2, 0, m / 2, m} {
		class := "grid"
		if v == 0 {
			class = "zero"
		}
		shapes = append(shapes, shape{Kind: "line", X: left, Y: y(v), X2: plotWidth - right, Y2: y(v), Class: class},
			shape{Kind: "text", X: left - 6, Y: y(v) + 4, Text: signedTick(v), Anchor: "end", Class: "tick"})
	}
	band := (plotWidth - left - right) / float64(max(len(ds), 1))
	longest := 0
	for _, d := range ds {
		longest = max(longest, utf8.RuneCountInString(d.topic))
	}
	rotate := float64(longest)*charWidth*0.85 > band-2
	for i, d := range ds {
		cx := left + band*(float64(i)+0.5)
		w := math.Max(1, band*0.7)
		tip := fmt.Sprintf("topic %s: %s − %s = %s", valid(d.topic), f3(d.v), f3(d.b), signed(d.d))
		switch {
		case d.d > 0:
			shapes = append(shapes, shape{Kind: "rect", X: cx - w/2, Y: y(d.d), W: w, H: y(0) - y(d.d), Fill: colourBetter, Tip: tip})
		case d.d < 0:
			shapes = append(shapes, shape{Kind: "rect", X: cx - w/2, Y: y(0), W: w, H: y(d.d) - y(0), Fill: colourWorse, Tip: tip})
		default:
			shapes = append(shapes, shape{Kind: "rect", X: cx - w/2, Y: y(0) - 1, W: w, H: 2, Fill: "#666", Tip: tip})
		}
		label := shape{Kind: "text", X: cx, Y: top + plotH + 14, Text: valid(d.topic), Anchor: "middle", Class: "tick"}
		if rotate {
			label.Anchor, label.Angle, label.Y = "end", -60, top+plotH+8
		}
		shapes = append(shapes, label)
	}
	h := top + plotH + 34
	if rotate {
		h = top + plotH + 12 + float64(longest)*charWidth*0.8 + 16
	}
	if len(ds) == 0 {
		shapes = append(shapes, shape{Kind: "text", X: plotWidth / 2, Y: y(0) - 8, Text: "no topic has a value of both", Anchor: "middle", Class: "axis"})
	}
	shapes = append(shapes, shape{Kind: "text", X: left + (plotWidth-left-right)/2, Y: h - 4, Text: "topics, from the largest gain to the largest loss", Anchor: "middle", Class: "axis"})
	p.Shapes, p.Width, p.Height = shapes, plotWidth, h

	p.Desc = fmt.Sprintf("A bar for each of %d topics with a value for both systems: %s minus %s, bars above the line (blue) where %s is better, below (vermillion) where it is worse, sorted from the largest gain to the largest loss. Better on %d topics, worse on %d, equal on %d",
		len(ds), name, baseName, name, better, worse, equal)
	if len(ds) > 0 {
		p.Desc += fmt.Sprintf("; mean difference %s; largest gain %s (topic %s), largest loss %s (topic %s)",
			signed(sum/float64(len(ds))), signed(ds[0].d), valid(ds[0].topic), signed(ds[len(ds)-1].d), valid(ds[len(ds)-1].topic))
	}
	p.Desc += "."
	p.Heading += fmt.Sprintf(": better on %d topics, worse on %d, equal on %d", better, worse, equal)
	return p
}

// meansPlot draws each system's mean on one dimension with its 95%
// interval: a row per system, a marker and whiskers.
func meansPlot(id string, rows []experiment.Row, systems []systemView, index map[string]int, m, measure, dim string) plot {
	p := plot{ID: id, Heading: dim,
		Title: fmt.Sprintf("Mean %s on %s with 95%% bootstrap intervals", measure, dim)}
	p.Data.Header = []string{"system", "mean", "CI95 low", "CI95 high"}
	longest := 0
	for _, s := range systems {
		longest = max(longest, utf8.RuneCountInString(s.Name))
	}
	left := math.Min(260, 20+charWidth*float64(longest))
	right, top, rowH := 160.0, 22.0, 24.0
	x := func(v float64) float64 { return left + v*(plotWidth-left-right) }
	y1 := top + rowH*float64(len(rows))
	shapes := xAxis(x, top, y1)
	var said []string
	for i, r := range rows {
		s := systems[index[r.System]]
		cy := top + rowH*(float64(i)+0.5)
		ci := interval(r, m)
		shapes = append(shapes, shape{Kind: "text", X: left - 8, Y: cy + 4, Text: cut(s.Name, int((left-10)/charWidth)), Anchor: "end", Class: "label", Tip: s.Name})
		text := fmt.Sprintf("%s [%s, %s]", f3(ci.Mean), f3(ci.Low), f3(ci.High))
		if math.IsNaN(ci.Mean) {
			text = "not computed"
		} else {
			if !math.IsNaN(ci.Low) && !math.IsNaN(ci.High) {
				shapes = append(shapes, shape{Kind: "line", X: x(ci.Low), Y: cy, X2: x(ci.High), Y2: cy, Stroke: s.Colour, Class: "whisker"},
					shape{Kind: "line", X: x(ci.Low), Y: cy - 5, X2: x(ci.Low), Y2: cy + 5, Stroke: s.Colour, Class: "whisker"},
					shape{Kind: "line", X: x(ci.High), Y: cy - 5, X2: x(ci.High), Y2: cy + 5, Stroke: s.Colour, Class: "whisker"})
			}
			shapes = append(shapes, shape{Kind: "marker", X: x(ci.Mean), Y: cy, D: s.Marker, Fill: s.Colour, Stroke: "#222",
				Tip: fmt.Sprintf("%s: %s", s.Name, text)})
		}
		shapes = append(shapes, shape{Kind: "text", X: plotWidth - right + 10, Y: cy + 4, Text: text, Class: "label"})
		said = append(said, s.Name+" "+text)
		p.Data.Rows = append(p.Data.Rows, []string{s.Name, f3(ci.Mean), f3(ci.Low), f3(ci.High)})
	}
	p.Shapes, p.Width, p.Height = shapes, plotWidth, y1+22
	p.Desc = fmt.Sprintf("For each system, a marker at its mean %s on %s over topics and whiskers from the low to the high end of its 95%% bootstrap interval: %s.",
		measure, dim, strings.Join(said, "; "))
	return p
}
