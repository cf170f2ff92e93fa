//go:build !(linux && (amd64 || arm64))

package analysis

import (
	"errors"
	"os"
)

// canMap: files are always read here.
const canMap = false

func mapFile(*os.File, int64) ([]byte, error) { return nil, errors.ErrUnsupported }
func releasePages([]byte)                     {}
func unmapFile([]byte)                        {}
func releaseText(string, int, int)            {}
