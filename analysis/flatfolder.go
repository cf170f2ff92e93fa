package analysis

import (
	"os"
	"path/filepath"
)

// NoProjectFolder reports whether dir is a folder that holds no one
// project: the file system's root, the home folder or the system's
// temporary folder. A script named there reads as context only the
// scripts beside it (FlatContext), not the folder's whole tree: a script
// saved in /tmp or in the home folder would otherwise read every script
// below it (every checkout and corpus of the machine) before it is
// checked.
func NoProjectFolder(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if filepath.Dir(abs) == abs {
		return true // a root (/, C:\)
	}
	for _, f := range []func() (string, error){os.UserHomeDir, tempDir} {
		if d, err := f(); err == nil && d != "" && sameFolder(abs, d) {
			return true
		}
	}
	return false
}

func tempDir() (string, error) { return os.TempDir(), nil }

// sameFolder reports whether abs and d name the same folder, through
// symbolic links too (/tmp on macOS is /private/tmp).
func sameFolder(abs, d string) bool {
	if d, err := filepath.Abs(d); err == nil && filepath.Clean(d) == abs {
		return true
	}
	a, err1 := os.Stat(abs)
	b, err2 := os.Stat(d)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// FlatContext is the context of script path named in folder dir when dir
// holds no one project (NoProjectFolder): the regular .sql files beside
// it, not those of its subfolders.
func FlatContext(dir, path string) []string {
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if q := filepath.Join(dir, e.Name()); e.Type().IsRegular() && isScript(e.Name()) && !sameFile(q, path) {
			out = append(out, q)
		}
	}
	return out
}

// sameFile reports whether q and path name one file.
func sameFile(q, path string) bool {
	if filepath.Clean(q) == filepath.Clean(path) {
		return true
	}
	a, err1 := os.Stat(q)
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}
