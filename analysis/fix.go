package analysis

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// WriteFile writes a file sqllint makes (a report, a baseline, a starter
// config; fixes go through WriteFixed): it writes data to a
// temporary file beside path and renames it over path, so a crash never
// leaves a half-written file. A file that exists keeps its permission
// bits; a new one gets perm less the umask.
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
	// A file written again keeps its permission bits, as a shell's >
	// keeps them; a new one gets perm less the umask, as any new file.
	mode, keep := perm, false
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		mode, keep = info.Mode().Perm(), true
	}
	dir := filepath.Dir(path)
	tmp, err := createOutput(dir, "."+filepath.Base(path)+".sqllint-", mode)
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
	if werr == nil && keep {
		werr = os.Chmod(name, mode) // exactly: the umask may lack bits it has
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

// createOutput creates a new file in dir named prefix and a random
// suffix with the permission bits perm, less the umask (os.CreateTemp
// makes it 0600 whatever the umask).
func createOutput(dir, prefix string, perm os.FileMode) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err != nil && errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
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
