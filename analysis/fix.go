package analysis

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes a file sqllint makes (a report, a baseline, a starter
// config; fixes go through WriteFixed): it writes data to a
// temporary file beside path and renames it over path, so a crash never
// leaves a half-written file.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".sqllint-*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, cleanErr(err))
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, perm)
	}
	if werr == nil {
		werr = os.Rename(name, path)
	}
	if werr != nil {
		os.Remove(name)
		return fmt.Errorf("%s: %w", path, cleanErr(werr))
	}
	return nil
}
