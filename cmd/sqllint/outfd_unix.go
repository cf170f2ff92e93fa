//go:build unix

package main

import (
	"os"
	"syscall"
)

// openDescriptor returns a new file sharing the open descriptor fd (its
// offset and append mode, as the shell opened it), which the caller
// closes without closing fd.
func openDescriptor(fd int, name string) (*os.File, error) {
	d, err := syscall.Dup(fd)
	if err != nil {
		return nil, &os.PathError{Op: "write", Path: name, Err: err}
	}
	return os.NewFile(uintptr(d), name), nil
}
