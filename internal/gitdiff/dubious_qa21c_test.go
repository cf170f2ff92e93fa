package gitdiff

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryGitRefuses: a repository owned by another user (a CI
// container's checkout) is one git refuses ("detected dubious
// ownership"), not a folder outside any repository: the error said "is
// not in a git repository" and left out how to trust it, which git says
// on the lines after the first.
func TestRepositoryGitRefuses(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs to give the repository to another user")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	write(t, filepath.Join(repo, "db", "V1.sql"), "a\n")
	run(t, repo, "init", "-q", "-b", "main")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-qm", "one")
	if err := filepath.Walk(repo, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}); err != nil {
		t.Skip("chown:", err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", "/dev/null")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for name, fn := range map[string]func() error{
		"Since":      func() error { _, err := Since(filepath.Join(repo, "db"), "HEAD"); return err },
		"ReadStaged": func() error { _, err := ReadStaged(repo); return err },
	} {
		err := fn()
		if err == nil {
			t.Fatalf("%s: no error", name)
		}
		msg := err.Error()
		if strings.Contains(msg, "not in a git repository") || !strings.Contains(msg, "dubious ownership") ||
			!strings.Contains(msg, "git config --global --add safe.directory "+repo) {
			t.Errorf("%s: %q; want git's refusal and how to trust the repository", name, msg)
		}
	}
}

// gitError keeps what git says to run to trust a repository it refuses,
// which comes after the first line (the test above needs root).
func TestGitErrorDubiousOwnership(t *testing.T) {
	cmd := exec.Command("sh", "-c", `printf "fatal: detected dubious ownership in repository at '/w'\nTo add an exception for this directory, call:\n\n\tgit config --global --add safe.directory /w\n" >&2; exit 128`)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := gitError(cmd.Run(), &stderr)
	if want := "detected dubious ownership in repository at '/w'; to trust it: git config --global --add safe.directory /w"; err == nil || err.Error() != want {
		t.Errorf("gitError = %v, want %q", err, want)
	}
}
