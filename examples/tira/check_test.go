// Package tira_test runs examples/tira/check.sh, which builds the TIRA image from
// the repository's Containerfile and checks that every system run from it
// as TIRA runs it equals the native build's run, byte for byte.
package tira_test

import (
	"bytes"
	"context"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// pullTimeout bounds each pull of a base image: a machine without registry
// access fails at once or hangs, and either way the test goes on without
// the image (with a stand-in, or skipping).
const pullTimeout = 60 * time.Second

// The stand-in images check.sh builds where a base image cannot be pulled.
const (
	standinGo = "localhost/argsearch-standin-golang:"
	standinSh = "localhost/argsearch-standin-busybox:latest"
)

// TestCheck runs check.sh when podman or buildah is installed, and skips
// saying why when it cannot run: no tool, not root (the runs chroot as user
// 65534), a missing command, a base image that can be neither pulled nor
// stood in for (a local Go of another version; no static /bin/busybox), or
// -short or without ARGSEARCH_SLOW=1 (the check builds an image and runs
// every system twice from it, about two minutes on two cores). The image is built under a tag of its
// own and removed at the end, and so are the stand-in images it built.
func TestCheck(t *testing.T) {
	tool := ""
	for _, name := range []string{"podman", "buildah"} {
		if _, err := exec.LookPath(name); err == nil {
			tool = name
			break
		}
	}
	if tool == "" {
		t.Skip("neither podman nor buildah is installed (Debian: apt-get install podman buildah); check.sh needs one to build the image")
	}
	if testing.Short() {
		t.Skip("-short: check.sh builds the image and runs every system from it (about two minutes)")
	}
	if os.Getenv("ARGSEARCH_SLOW") != "1" {
		t.Skip("check.sh builds the image and runs every system from it (about two minutes): set ARGSEARCH_SLOW=1 to run it")
	}
	if os.Geteuid() != 0 {
		t.Skip("check.sh needs root: it runs the systems by chroot as user 65534 in new mount and network namespaces")
	}
	for _, c := range []string{"bash", "unshare", "chroot", "tar", "awk", "sha256sum", "go"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("check.sh needs %s: %v", c, err)
		}
	}
	// The repository's Containerfile, which check.sh builds: its absence is
	// a broken clone or a moved test, not a reason to skip.
	const containerfile = "../../Containerfile"
	if _, err := os.Stat(containerfile); err != nil {
		t.Fatal(err)
	}
	standins, why := bases(t.Context(), tool, containerfile, "/bin/busybox")
	if why != "" {
		t.Skip(why)
	}
	image := fmt.Sprintf("localhost/argsearch-check:%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Cleanup(func() {
		// The image, and every stand-in that was not there before.
		for _, img := range append([]string{image}, standins...) {
			if !imageExists(context.Background(), tool, img) {
				continue
			}
			rm := exec.Command(tool, "rmi", img)
			if out, err := rm.CombinedOutput(); err != nil {
				t.Logf("%s rmi %s: %v\n%s", tool, img, err, out)
			}
		}
	})
	cmd := exec.CommandContext(t.Context(), "bash", "check.sh")
	cmd.Env = append(os.Environ(), "TOOL="+tool, "IMAGE="+image, "WORK="+t.TempDir(),
		fmt.Sprintf("PULL_TIMEOUT=%d", int(pullTimeout.Seconds())))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("check.sh: %v\n%s", err, out)
	}
	t.Logf("check.sh:\n%s", out)
	if !bytes.Contains(out, []byte("check.sh: OK: ")) {
		t.Errorf("check.sh exited 0 without its OK line:\n%s", out)
	}
}

// bases checks that check.sh will have the Containerfile's two base images
// or can build their stand-ins, as check.sh decides: an image that is here,
// or can be pulled within pullTimeout, is used; otherwise the Go image is
// stood in for by this machine's Go (which must be the pinned version) and
// the busybox image by the static busybox at busybox. It returns the
// stand-ins check.sh will build (to be removed after it), or why the check
// cannot run.
func bases(ctx context.Context, tool, containerfile, busybox string) (standins []string, why string) {
	b, err := os.ReadFile(containerfile)
	if err != nil {
		return nil, fmt.Sprintf("cannot read the Containerfile: %v", err)
	}
	arg := func(name string) string {
		m := regexp.MustCompile(`(?m)^ARG ` + name + `=(\S+)$`).FindSubmatch(b)
		if m == nil {
			return ""
		}
		return string(m[1])
	}
	goImage, shImage := arg("GO_IMAGE"), arg("SH_IMAGE")
	m := regexp.MustCompile(`:(\d+(?:\.\d+)*)`).FindStringSubmatch(goImage)
	if goImage == "" || shImage == "" || m == nil {
		return nil, fmt.Sprintf("%s pins no GO_IMAGE=golang:VERSION and SH_IMAGE", containerfile)
	}
	goVersion := m[1]
	if err := available(ctx, tool, goImage); err != nil {
		if v := runtime.Version(); v != "go"+goVersion {
			return nil, fmt.Sprintf("cannot pull %s (%v), and the local Go is %s, not the pinned go%s, so check.sh cannot stand in for it", goImage, err, v, goVersion)
		}
		if !imageExists(ctx, tool, standinGo+goVersion) {
			standins = append(standins, standinGo+goVersion)
		}
	}
	if pullErr := available(ctx, tool, shImage); pullErr != nil {
		if err := isStatic(busybox); err != nil {
			return nil, fmt.Sprintf("cannot pull %s (%v), and there is no static busybox to stand in for it (%v; Debian: apt-get install busybox-static)", shImage, pullErr, err)
		}
		if !imageExists(ctx, tool, standinSh) {
			standins = append(standins, standinSh)
		}
	}
	return standins, ""
}

// available reports whether image is here, or pulls it within pullTimeout.
func available(ctx context.Context, tool, image string) error {
	if imageExists(ctx, tool, image) {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, pullTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, tool, "pull", "-q", image).CombinedOutput()
	if ctx.Err() != nil {
		return fmt.Errorf("no answer in %v", pullTimeout)
	}
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		return fmt.Errorf("%s pull: %v: %s", tool, err, msg)
	}
	return nil
}

// imageExists reports whether tool has image.
func imageExists(ctx context.Context, tool, image string) bool {
	var cmd *exec.Cmd
	if filepath.Base(tool) == "buildah" {
		cmd = exec.CommandContext(ctx, tool, "inspect", "--type", "image", image)
	} else {
		cmd = exec.CommandContext(ctx, tool, "image", "exists", image)
	}
	return cmd.Run() == nil
}

// isStatic checks that path is an executable ELF file without an
// interpreter (statically linked), as check.sh's busybox stand-in needs.
func isStatic(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode()&0o111 == 0 {
		return fmt.Errorf("%s is not executable", path)
	}
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return fmt.Errorf("%s is dynamically linked", path)
		}
	}
	return nil
}
