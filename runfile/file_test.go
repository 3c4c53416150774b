package runfile

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/stance"
)

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestCreateWritesAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.txt")
	fw, err := create(path, "t", Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if err := fw.Write("1", []Result{{DocID: "a", Score: 1, Stance: stance.Pro}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("target exists before Close: %v", err)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1 PRO a 1 1 t\n"; string(got) != want {
		t.Errorf("file: got %q, want %q", got, want)
	}
	if diff := cmp.Diff([]string{"run.txt"}, dirNames(t, dir)); diff != "" {
		t.Errorf("directory after Close (-want +got):\n%s", diff)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o044 == 0 {
		t.Errorf("mode %v, want it readable by others (umask permitting)", fi.Mode())
	}
	if err := fw.Abort(); err != nil {
		t.Errorf("Abort after Close: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Abort after Close removed the run: %v", err)
	}
}

func TestCreateLeavesTargetOnError(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		write func(fw *fileWriter) error
		want  error
	}{
		{"invalid topic", Rules{}, func(fw *fileWriter) error {
			if err := fw.Write("1", []Result{{DocID: "a", Score: 1}}); err != nil {
				return err
			}
			return fw.Write("2", []Result{{DocID: "b", Score: math.NaN()}})
		}, ErrScore},
		{"missing topic at Close", Rules{Topics: []string{"1", "2"}}, func(fw *fileWriter) error {
			return fw.Write("1", []Result{{DocID: "a", Score: 1}})
		}, ErrRules},
		{"aborted", Rules{}, func(fw *fileWriter) error {
			if err := fw.Write("1", []Result{{DocID: "a", Score: 1}}); err != nil {
				return err
			}
			return fw.Abort()
		}, errClosed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "run.txt")
			const old = "old contents\n"
			if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			fw, err := create(path, "t", tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			werr := tc.write(fw)
			cerr := fw.Close()
			if err := errors.Join(werr, cerr); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if cerr == nil {
				t.Errorf("Close succeeded after a failure")
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != old {
				t.Errorf("target: got %q, %v, want it untouched (%q)", got, err, old)
			}
			if diff := cmp.Diff([]string{"run.txt"}, dirNames(t, dir)); diff != "" {
				t.Errorf("temporary file left behind (-want +got):\n%s", diff)
			}
			if err := fw.Write("3", nil); err == nil {
				t.Errorf("Write after failure succeeded")
			}
		})
	}
}

func TestCreateErrors(t *testing.T) {
	if _, err := create(filepath.Join(t.TempDir(), "run.txt"), "bad tag", Rules{}); !errors.Is(err, ErrField) {
		t.Errorf("Create with a bad tag: got %v, want ErrField", err)
	}
	missing := filepath.Join(t.TempDir(), "absent", "run.txt")
	if _, err := create(missing, "t", Rules{}); !errors.Is(err, os.ErrNotExist) || err.Error() != "runfile: create "+missing+": no such file or directory" {
		t.Errorf("Create in a missing directory: got %v, want os.ErrNotExist naming the path given, not a temporary file", err)
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.txt")
	results := map[string][]Result{
		"10": {{DocID: "x", Score: 1}},
		"2":  {{DocID: "a", Score: 1}, {DocID: "b", Score: 2}},
		"3":  nil, // no lines, as in a file
	}
	run, err := NewRun("t", Rules{}, results)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := run["3"]; ok || len(run) != 2 {
		t.Errorf("NewRun: got topics %v, want 2 and 10", run.Topics())
	}
	if err := WriteFile(path, run, Rules{}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "2 Q0 b 1 2 t\n2 Q0 a 2 1 t\n10 Q0 x 1 1 t\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("WriteFile (-want +got):\n%s", diff)
	}
	// What NewRun makes is what a Reader reads back from the file.
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(back, run); diff != "" {
		t.Errorf("NewRun against the file read back (-file +memory):\n%s", diff)
	}

	results["3"] = []Result{{DocID: "dup", Score: 1}, {DocID: "dup", Score: 2}}
	if _, err := NewRun("t", Rules{}, results); !errors.Is(err, ErrDuplicate) {
		t.Errorf("NewRun with a duplicate: got %v, want ErrDuplicate", err)
	}
	if _, err := NewRun("t", Rules{MinResults: 2}, map[string][]Result{"1": {{DocID: "a", Score: 1}}}); !errors.Is(err, ErrCount) {
		t.Errorf("NewRun against the rules: got %v, want ErrCount", err)
	}
	if _, err := NewRun("bad tag", Rules{}, map[string][]Result{"1": {{DocID: "a", Score: 1}}}); !errors.Is(err, ErrField) {
		t.Errorf("NewRun with a bad tag: got %v, want ErrField", err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := WriteFile(bad, run, Rules{MinResults: 2}); !errors.Is(err, ErrCount) {
		t.Errorf("WriteFile against the rules: got %v, want ErrCount", err)
	}
	mixed := Run{"1": {{QID: "1", DocID: "a", Score: 2, Tag: "t"}, {QID: "1", DocID: "b", Score: 1, Tag: "u"}}}
	if err := WriteFile(bad, mixed, Rules{}); !errors.Is(err, ErrField) {
		t.Errorf("WriteFile with two tags: got %v, want ErrField", err)
	}
	if err := WriteFile(bad, Run{}, Rules{}); !errors.Is(err, ErrCount) {
		t.Errorf("WriteFile of an empty run: got %v, want ErrCount", err)
	}
	if diff := cmp.Diff([]string{"run.txt"}, dirNames(t, dir)); diff != "" {
		t.Errorf("files after a failed WriteFile (-want +got):\n%s", diff)
	}
}

// A path that cannot name the file is refused before anything is made, in
// a message that says what is wrong with the path given.
func TestWriteFileBadPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	run := Run{"1": {{QID: "1", DocID: "a", Score: 1, Tag: "t"}}}
	for path, want := range map[string]string{
		"":         "runfile: the path of the run file to write is empty",
		"out/":     "runfile: out/ names a directory, not the run file to write",
		".":        "runfile: . is a directory, not the run file to write",
		dir:        "runfile: " + dir + " is a directory, not the run file to write",
		"run.txt/": "runfile: run.txt/ names a directory, not the run file to write",
	} {
		if err := WriteFile(path, run, Rules{}); err == nil || err.Error() != want {
			t.Errorf("WriteFile(%q): got %v, want %q", path, err, want)
		}
		if _, err := create(path, "t", Rules{}); err == nil || err.Error() != want {
			t.Errorf("create(%q): got %v, want %q", path, err, want)
		}
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("files made: %v", names)
	}
	if err := WriteFile(filepath.Join(dir, "run.txt"), Run{}, Rules{}); err == nil || err.Error() != "runfile: "+filepath.Join(dir, "run.txt")+": the run is empty" {
		t.Errorf("WriteFile of an empty run: got %v", err)
	}
}
