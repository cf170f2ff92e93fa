//go:build unix

package fsread

import (
	"os"
	"syscall"
)

// openNonBlocking opens path for reading with O_NONBLOCK, so that opening
// a named pipe with no writer returns at once instead of blocking.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
