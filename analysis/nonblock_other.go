//go:build !unix

package analysis

const nonBlock = 0
