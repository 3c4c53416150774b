package labeled

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const ukpSample = ukpHeader + "\n" +
	"abortion\thttp://a\thttp://w\th1\tAbortion is murder .\tArgument_against\ttrain\n" +
	"abortion\thttp://a\thttp://w\th2\tWhere did you get that ?\tNoArgument\ttest\n"

func TestReadUKP(t *testing.T) {
	got, err := ReadUKP(strings.NewReader(ukpSample), "x.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []UKPSentence{
		{Topic: "abortion", URL: "http://a", Text: "Abortion is murder .", Label: ArgumentAgainst, Set: "train"},
		{Topic: "abortion", URL: "http://a", Text: "Where did you get that ?", Label: NoArgument, Set: "test"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestReadUKPErrors(t *testing.T) {
	for name, in := range map[string]string{
		"bad header":  "topic\tx\n",
		"fields":      ukpHeader + "\na\tb\n",
		"label":       ukpHeader + "\na\tb\tc\td\te\tMaybe\ttrain\n",
		"set":         ukpHeader + "\na\tb\tc\td\te\tNoArgument\tdev\n",
		"empty":       "",
		"no sentence": ukpHeader + "\na\tb\tc\td\t \tNoArgument\ttrain\n",
	} {
		_, err := ReadUKP(strings.NewReader(in), "f.tsv")
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrField) || !strings.Contains(err.Error(), "f.tsv") {
			t.Errorf("%s: got %v, want a *ParseError naming f.tsv", name, err)
		}
	}
}

func TestReadIBM(t *testing.T) {
	in := "topic,the concept of the topic,candidate,candidate masked,label,wikipedia article name,wikipedia url\n" +
		"We should X,X,\"A, b.\",\"A, b.\",1,X,http://x\n"
	got, err := ReadIBM(strings.NewReader(in), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Evidence{{Topic: "We should X", Concept: "X", Text: "A, b.", Evidence: true}}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	_, err = ReadIBM(strings.NewReader(strings.Replace(in, ",1,", ",7,", 1)), "t.csv")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Field != "label" {
		t.Errorf("got %v, want a ParseError for line 2 field label", err)
	}
}

func TestRealFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "data", "labeled")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no labelled data at %s", dir)
	}
	ukp, err := ReadUKPDir(filepath.Join(dir, "ukp-sentential"))
	if err != nil {
		t.Fatal(err)
	}
	// The release has 25,487 rows (the paper counts 25,492 sentences).
	if len(ukp) != 25487 {
		t.Errorf("got %d UKP sentences, want 25487", len(ukp))
	}
	f, err := os.Open(filepath.Join(dir, "ibm-evidence", "test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ibm, err := ReadIBM(f, f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if len(ibm) != 1718 {
		t.Errorf("got %d IBM test rows, want 1718", len(ibm))
	}
}

func FuzzReadUKP(f *testing.F) {
	f.Add(ukpSample)
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ReadUKP(strings.NewReader(s), "f")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		for _, x := range got {
			if x.Topic == "" || x.Label == "" {
				t.Fatalf("accepted row %+v", x)
			}
		}
	})
}

func FuzzReadIBM(f *testing.F) {
	f.Add("topic,the concept of the topic,candidate,label\na,b,c,0\n")
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := ReadIBM(strings.NewReader(s), "f"); err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
		}
	})
}

func TestMissing(t *testing.T) {
	dir := t.TempDir()
	err := Missing(dir, UKP, IBMEvidence)
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("empty directory: got %v, want an error wrapping ErrNotExist", err)
	}
	for _, want := range []string{filepath.Join(dir, UKP), UKPURL, filepath.Join(dir, IBMEvidence, "train.csv"), filepath.Join(dir, IBMEvidence, "test.csv"), IBMURL} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
	os.MkdirAll(filepath.Join(dir, UKP), 0o755)
	os.WriteFile(filepath.Join(dir, UKP, "a.tsv"), []byte(ukpSample), 0o644)
	if err := Missing(dir, UKP); err != nil {
		t.Errorf("with a .tsv file: got %v, want nil", err)
	}
	if err := Missing(dir, UKP, IBMEvidence); err == nil || strings.Contains(err.Error(), "no .tsv") {
		t.Errorf("without IBM files: got %v, want only them named", err)
	}
	if err := Missing(dir, "webis"); err == nil {
		t.Error("unknown part: got nil")
	}
}

const claimsHeader = "topicId,split,topicText,claims.stance,claims.claimCorrectedText\n"

func TestReadClaims(t *testing.T) {
	got, err := ReadClaims(strings.NewReader(claimsHeader+
		"441,train,Open primaries are best,CON,\"A single election, by nonmembers, destroys the party\"\n"+
		"441,train,Open primaries are best,PRO,Open primaries widen choice\n"), "c.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := []Claim{
		{TopicID: "441", Topic: "Open primaries are best", Text: "A single election, by nonmembers, destroys the party"},
		{TopicID: "441", Topic: "Open primaries are best", Text: "Open primaries widen choice", Pro: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for name, in := range map[string]string{
		"no header":   "",
		"missing col": "topicId,topicText\n1,x\n",
		"stance":      claimsHeader + "1,train,t,NEUTRAL,c\n",
		"empty claim": claimsHeader + "1,train,t,PRO, \n",
		"fields":      claimsHeader + "1,train,t\n",
		"quote":       claimsHeader + "1,train,t,PRO,\"unterminated\n",
	} {
		_, err := ReadClaims(strings.NewReader(in), "c.csv")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.File != "c.csv" {
			t.Errorf("%s: got %v, want a *ParseError naming c.csv", name, err)
		}
	}
}

func FuzzReadClaims(f *testing.F) {
	f.Add(claimsHeader + "1,train,t,PRO,c\n")
	f.Fuzz(func(t *testing.T, s string) {
		claims, err := ReadClaims(strings.NewReader(s), "f")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		for _, c := range claims {
			if strings.TrimSpace(c.Text) == "" || strings.TrimSpace(c.Topic) == "" {
				t.Fatalf("accepted claim %+v", c)
			}
		}
	})
}

func TestReadArgQuality(t *testing.T) {
	in := "Topic ID,Argument ID,Premise,Is Argument?,Stance\n" +
		"16,1,\"Bottled water should be banned!\",True,True\n" +
		"16,2,\"Tap water, not bottled.\",False,False\n"
	got, err := ReadArgQuality(strings.NewReader(in), "q.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := []QualityArgument{{"16", "Bottled water should be banned!", true, true}, {"16", "Tap water, not bottled.", false, false}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %+v, want %+v", got, want)
	}
	for _, bad := range []struct{ in, field string }{
		{"Topic ID,Premise,Is Argument?,Stance\n1,x,Maybe,True\n", "Is Argument?"},
		{"Topic ID,Premise,Is Argument?,Stance\n1,x,True,Pro\n", "Stance"},
		{"Topic ID,Premise,Is Argument?,Stance\n1,,True,True\n", "Premise"},
		{"Topic ID,Premise,Stance\n1,x,True\n", "Is Argument?"},
	} {
		_, err := ReadArgQuality(strings.NewReader(bad.in), "q.csv")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != bad.field || !strings.Contains(err.Error(), "q.csv") {
			t.Errorf("%q: got %v, want a ParseError naming q.csv and %s", bad.in, err, bad.field)
		}
	}
	path := filepath.Join("..", "..", "..", "..", "shared", "data", "labeled", "webis-argquality20", "webis-argquality20-full.csv")
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no Webis-ArgQuality-20 at %s", path)
	}
	defer f.Close()
	all, err := ReadArgQuality(f, path)
	if err != nil || len(all) != 1610 {
		t.Errorf("%s: %d rows, %v; want 1610", path, len(all), err)
	}
}

func FuzzReadArgQuality(f *testing.F) {
	f.Add("Topic ID,Premise,Is Argument?,Stance\n1,x,True,False\n")
	f.Add("Topic ID,Premise,Is Argument?,Stance\n1,\"a\nb\",True,True\n2,\xff,False,False\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, err := ReadArgQuality(strings.NewReader(in), "f.csv")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a ParseError", err)
			}
			return
		}
		for _, r := range rows {
			if strings.TrimSpace(r.Text) == "" || strings.TrimSpace(r.TopicID) == "" {
				t.Fatalf("row %+v with an empty field", r)
			}
		}
	})
}

// A nil io.Reader is an error saying so, not a panic.
func TestReadUKPNilReader(t *testing.T) {
	if _, err := ReadUKP(nil, "x"); err == nil || !strings.Contains(err.Error(), "is nil") {
		t.Errorf("ReadUKP(nil): got %v, want an error saying the reader is nil", err)
	}
}
