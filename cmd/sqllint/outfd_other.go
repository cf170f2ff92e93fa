//go:build !unix

package main

import (
	"errors"
	"os"
)

// openDescriptor is not used where no path names a descriptor.
func openDescriptor(int, string) (*os.File, error) {
	return nil, errors.New("no descriptor paths on this system")
}
