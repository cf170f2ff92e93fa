//go:build unix

package lsp

import (
	"errors"
	"os"
	"syscall"
)

// processAlive reports whether process pid exists: signal 0 checks it
// without sending anything. EPERM means it exists but belongs to another
// user (an editor run by another account through sudo).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid) // always succeeds on Unix
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
