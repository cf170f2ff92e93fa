//go:build !unix

package fsread

import "os"

// openNonBlocking opens path for reading. Systems without O_NONBLOCK rely
// on the checks before and after the open.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}
