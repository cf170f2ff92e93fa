//go:build sqllint_poison

package analysis

// Built with -tags sqllint_poison (go test -tags sqllint_poison ./...),
// every read buffer given back is poisoned (poisonBuffers): the whole
// suite then shows any string that outlives its file's buffer.
func init() { poisonBuffers = true }
