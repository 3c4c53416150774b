package topics

import (
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	in := `<?xml version="1.0"?>
<topics>
 <topic>
  <number> 7 </number>
  <title>
    Should tobacco &amp; e-cigarettes be banned?&nbsp;
  </title>
  <description>A user asks.</description>
 </topic>
</topics>`
	got, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Topic{{ID: "7", Title: "Should tobacco & e-cigarettes be banned?", Description: "A user asks."}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", d)
	}
	in = `<topics><topic><number>8</number><title>Which is better, Linux or Windows?</title><objects>Linux, Windows</objects></topic></topics>`
	if got, err = Parse(strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	want = []Topic{{ID: "8", Title: "Which is better, Linux or Windows?", Objects: []string{"Linux", "Windows"}}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Parse of a Task 2 file mismatch (-want +got):\n%s", d)
	}
}

// TestParseObjects checks the objects of Task 2 topics: two in every
// topic, or none in any.
func TestParseObjects(t *testing.T) {
	head := "<topics>\n<topic><number>2</number><title>Laptop or desktop?</title><objects>laptop, desktop</objects></topic>\n"
	for _, c := range []struct{ name, topic, want string }{
		{"missing", "<topic>\n<number>3</number><title>Canon or Nikon?</title></topic>", "line 3, field objects: topic 3 has no <objects>"},
		{"one", "<topic><number>3</number><title>Canon or Nikon?</title>\n<objects>Canon</objects></topic>", "line 3, field objects: topic 3 lists \"Canon\", 1 objects"},
		{"three", "<topic><number>3</number><title>A, B or C?</title><objects>A, B, C</objects></topic>", "line 3, field objects: topic 3 lists \"A, B, C\", 3 objects"},
		{"empty half", "<topic><number>3</number><title>A?</title><objects>A, </objects></topic>", "line 3, field objects: topic 3 lists \"A,\", 1 objects"},
	} {
		_, err := Parse(strings.NewReader(head + c.topic + "\n</topics>"))
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, errObjects) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	ts, err := Parse(strings.NewReader(head + "</topics>"))
	if err != nil || len(ts) != 1 || len(ts[0].Objects) != 2 {
		t.Errorf("valid file: got %v, %v", ts, err)
	}
	// The 2020 and 2021 files have no objects at all: accepted, Objects nil;
	// but a file that gives them only from its second topic on is not.
	none := "<topics>\n<topic><number>1</number><title>Sex or love?</title></topic>\n<topic><number>2</number><title>Laptop or desktop?</title></topic>\n</topics>"
	ts, err = Parse(strings.NewReader(none))
	if err != nil || len(ts) != 2 || ts[0].Objects != nil || ts[1].Objects != nil {
		t.Errorf("file without objects: got %v, %v; want two topics with Objects nil", ts, err)
	}
	late := "<topics>\n<topic><number>1</number><title>Sex or love?</title></topic>\n<topic><number>2</number><title>Laptop or desktop?</title><objects>laptop, desktop</objects></topic>\n</topics>"
	want := "line 2, field objects: topic 1 has no <objects>, topic 2 has"
	if _, err := Parse(strings.NewReader(late)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("objects from the second topic on: got %v, want an error containing %q", err, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     error  // errors.Is target, or nil to check only the text
		text     string // substring of the message
	}{
		{"no number", `<topics><topic><title>T</title></topic></topics>`, errInvalid, "topic 1 in the file: invalid topic: no number"},
		{"no title", `<topics><topic><number>3</number><title>  </title></topic></topics>`, errInvalid, `number "3"): invalid topic: no title`},
		{"bad number", `<topics><topic><number>x1</number><title>T</title></topic></topics>`, errInvalid, `"x1" is not an integer`},
		{"duplicate", `<topics><topic><number>1</number><title>A</title></topic><topic><number>1</number><title>B</title></topic></topics>`, errInvalid, "topic 2"},
		{"truncated", `<topics><topic><number>1</number><title>A`, nil, "topics:"},
		{"unclosed", `<topics><topic><number>1</number><title>A</title></topic>`, nil, "topics:"},
		{"empty file", ``, errInvalid, "no topics"},
		{"no topic elements", `<topics></topics>`, errInvalid, "no topics"},
		{"white space", " \n\t", errInvalid, "no topics"},
		{"other elements only", `<queries><query>x</query></queries>`, errInvalid, "no topics"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.in))
			if err == nil {
				t.Fatal("got no error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("got %v, want it to wrap %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("got %q, want it to mention %q", err, tc.text)
			}
		})
	}
}

func TestParseSyntaxError(t *testing.T) {
	_, err := Parse(strings.NewReader(`<topics><topic></topics>`))
	var se *xml.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want an *xml.SyntaxError", err)
	}
}

func TestTask1(t *testing.T) {
	for _, tc := range []struct {
		year, n     int
		first, last string
		firstTitle  string
		narratives  bool
	}{
		{2020, 49, "1", "50", "Should teachers get tenure?", true},
		{2021, 50, "51", "100", "Do we need sex education in schools?", false},
		{2022, 50, "1", "50", "Should teachers get tenure?", true},
		{2023, 50, "1", "50", "Should teachers get tenure?", true},
	} {
		ts, err := Task1(tc.year)
		if err != nil {
			t.Fatalf("Task1(%d): %v", tc.year, err)
		}
		if len(ts) != tc.n || ts[0].ID != tc.first || ts[len(ts)-1].ID != tc.last {
			t.Errorf("Task1(%d): got %d topics %s..%s, want %d topics %s..%s", tc.year, len(ts), ts[0].ID, ts[len(ts)-1].ID, tc.n, tc.first, tc.last)
		}
		if ts[0].Title != tc.firstTitle {
			t.Errorf("Task1(%d)[0].Title = %q, want %q", tc.year, ts[0].Title, tc.firstTitle)
		}
		for _, tp := range ts {
			if (tp.Narrative != "") != tc.narratives || (tp.Description != "") != tc.narratives {
				t.Errorf("Task1(%d) topic %s: description/narrative presence wrong", tc.year, tp.ID)
			}
			if tp.Title != strings.TrimSpace(tp.Title) || strings.ContainsAny(tp.Title, "\n") {
				t.Errorf("Task1(%d) topic %s: title not trimmed: %q", tc.year, tp.ID, tp.Title)
			}
		}
	}
	if _, err := Task1(2019); err == nil {
		t.Error("Task1(2019): got no error")
	}
}

// TestEmbeddedMatchesShared checks the embedded copies against the data the
// project was given, byte for byte.
func TestEmbeddedMatchesShared(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "touche")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no shared data at %s", dir)
	}
	for _, y := range []int{2020, 2021, 2022} {
		name := fmt.Sprintf("topics-task1-%d.xml", y)
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := official.ReadFile("official/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("embedded %s differs from %s", name, dir)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`<topics><topic><number>1</number><title>A &amp; B</title><objects>x, y</objects></topic></topics>`)
	f.Add(`<topics><topic><number></number></topic>`)
	f.Add("<topics><topic><number>1</number><title>A?</title></topic><topic><number>2</number><title>B?</title><objects>a, b</objects></topic></topics>")
	b, _ := official.ReadFile("official/topics-task1-2021.xml")
	f.Add(string(b))
	f.Fuzz(func(t *testing.T, in string) {
		ts, err := Parse(strings.NewReader(in))
		if err != nil {
			return
		}
		seen := map[string]bool{}
		with := 0
		for _, tp := range ts {
			if tp.Title == "" || tp.ID == "" || seen[tp.ID] {
				t.Fatalf("Parse accepted an invalid topic set: %+v", ts)
			}
			seen[tp.ID] = true
			switch len(tp.Objects) {
			case 2:
				with++
			case 0:
			default:
				t.Fatalf("topic %s accepted with %d objects", tp.ID, len(tp.Objects))
			}
		}
		if with != 0 && with != len(ts) {
			t.Fatalf("%d of %d topics with objects accepted", with, len(ts))
		}
	})
}
