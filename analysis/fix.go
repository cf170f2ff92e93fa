package analysis

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes a file sqllint makes (a report, a baseline, a starter
// config; fixes go through WriteFixed): it writes data to a
// temporary file beside path and renames it over path, so a crash never
// leaves a half-written file.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return WriteFileWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, perm)
}

// WriteFileWith is WriteFile of the bytes write writes (a report held in
// a temporary file, not in memory).
func WriteFileWith(path string, write func(io.Writer) error, perm os.FileMode) error {
	if info, err := os.Stat(path); err == nil && info.Mode().Type()&(os.ModeNamedPipe|os.ModeDevice|os.ModeCharDevice) != 0 {
		// a named pipe (bash's >(...)), /dev/null, /dev/stdout: written
		// into, never replaced by a regular file
		return writeInto(path, write)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".sqllint-*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, cleanErr(err))
	}
	name := tmp.Name()
	werr := write(tmp)
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

// writeInto writes what write writes into the pipe or device at path.
func writeInto(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%s: %w", path, cleanErr(err))
	}
	werr := write(f)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("%s: %w", path, cleanErr(werr))
	}
	return nil
}
