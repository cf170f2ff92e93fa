package parser

// FoldKey is a key for names compared with strings.EqualFold: FoldKey(a)
// == FoldKey(b) exactly when strings.EqualFold(a, b), so that a map can
// find a name among many rather than a loop comparing it with each.
func FoldKey(s string) string { return foldKey(s) }
