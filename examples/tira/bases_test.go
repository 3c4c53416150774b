package tira_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestBasesWithoutRegistry checks TestCheck's prerequisites on a machine
// with podman but no registry access (a fake podman that has no images and
// fails every pull): without a static busybox the check skips, saying why,
// and so it does when the local Go is not the pinned one; with both, it
// names the stand-ins check.sh will build, which TestCheck removes.
func TestBasesWithoutRegistry(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fake podman is a shell script")
	}
	dir := t.TempDir()
	podman := filepath.Join(dir, "podman")
	script := "#!/bin/sh\ncase \"$1\" in\npull) echo 'Error: initializing source docker://x: pinging container registry: dial tcp: connection refused' >&2; exit 125 ;;\n*) exit 1 ;;\nesac\n"
	if err := os.WriteFile(podman, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, goImage string) string {
		p := filepath.Join(dir, name)
		text := "ARG GO_IMAGE=" + goImage + "\nARG SH_IMAGE=docker.io/library/busybox:1.37.0-musl\n"
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pinned := write("pinned", "docker.io/library/golang:"+strings.TrimPrefix(runtime.Version(), "go")+"-alpine")
	old := write("old", "docker.io/library/golang:1.0.1-alpine")

	_, why := bases(t.Context(), podman, pinned, filepath.Join(dir, "no-busybox"))
	if !strings.Contains(why, "cannot pull docker.io/library/busybox:1.37.0-musl") || !strings.Contains(why, "connection refused") || !strings.Contains(why, "busybox-static") {
		t.Errorf("no busybox: %q; want a skip naming the pull's failure and busybox-static", why)
	}
	_, why = bases(t.Context(), podman, pinned, "/bin/sh")
	if !strings.Contains(why, "dynamically linked") && !strings.Contains(why, "no such file") {
		t.Errorf("a dynamic /bin/sh as busybox: %q; want a skip saying it is not static", why)
	}
	_, why = bases(t.Context(), podman, old, filepath.Join(dir, "no-busybox"))
	if !strings.Contains(why, "not the pinned go1.0.1") {
		t.Errorf("another Go: %q; want a skip naming the versions", why)
	}
	_, why = bases(t.Context(), podman, filepath.Join(dir, "missing"), "")
	if !strings.Contains(why, "cannot read the Containerfile") {
		t.Errorf("no Containerfile: %q", why)
	}
	if static := os.Getenv("ARGSEARCH_STATIC_BUSYBOX"); static != "" {
		standins, why := bases(t.Context(), podman, pinned, static)
		if why != "" || len(standins) != 2 {
			t.Errorf("with a static busybox: stand-ins %q, %q; want both stand-ins and no skip", standins, why)
		}
	}
}
