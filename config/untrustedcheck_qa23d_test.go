package config

import "testing"

// TestUntrustedPreprocessOptions: after Untrusted the preprocessor knows
// the config's include-roots and include-outside are ignored, so that a
// refused :r does not suggest them (parser's TestRefusedIncludeHintUntrusted).
func TestUntrustedPreprocessOptions(t *testing.T) {
	c := Default()
	if c.PreprocessOptions(nil, nil).UntrustedConfig {
		t.Error("trusted config: UntrustedConfig set")
	}
	c.Untrusted()
	if !c.PreprocessOptions(nil, nil).UntrustedConfig {
		t.Error("untrusted config: UntrustedConfig not set")
	}
}
