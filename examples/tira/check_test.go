// Package tira_test runs examples/tira/check.sh, which builds the TIRA image from
// the repository's Containerfile and checks that every system run from it
// as TIRA runs it equals the native build's run, byte for byte.
package tira_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestCheck runs check.sh when podman or buildah is installed, and skips
// saying why when it cannot run: no tool, not root (the runs chroot as user
// 65534), a missing command, or -short (the check builds an image and runs
// every system twice from it, about two minutes on two cores). The image is
// built under a tag of its own and removed at the end.
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
	if os.Geteuid() != 0 {
		t.Skip("check.sh needs root: it runs the systems by chroot as user 65534 in new mount and network namespaces")
	}
	for _, c := range []string{"bash", "unshare", "chroot", "tar", "awk", "sha256sum"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("check.sh needs %s: %v", c, err)
		}
	}
	image := fmt.Sprintf("localhost/argsearch-check:%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Cleanup(func() {
		rm := exec.Command(tool, "rmi", image)
		if out, err := rm.CombinedOutput(); err != nil {
			t.Logf("%s rmi %s: %v\n%s", tool, image, err, out)
		}
	})
	cmd := exec.CommandContext(t.Context(), "bash", "check.sh")
	cmd.Env = append(os.Environ(), "TOOL="+tool, "IMAGE="+image, "WORK="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("check.sh: %v\n%s", err, out)
	}
	t.Logf("check.sh:\n%s", out)
	if !bytes.Contains(out, []byte("check.sh: OK: ")) {
		t.Errorf("check.sh exited 0 without its OK line:\n%s", out)
	}
}
