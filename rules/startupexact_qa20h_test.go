package rules

import (
	"math/big"
	"strconv"
	"testing"
)

// TestStartupSecondsExactAtBudget: a database whose estimate equals the
// startup-budget is at the budget, not over it. With startup-budget 1.14,
// 114 files (1 s + 14 × 0.01 s) were estimated at 1.1400000000000001 s and
// SL101 reported them "over the 1.14 s budget".
func TestStartupSecondsExactAtBudget(t *testing.T) {
	exact := func(n int64) *big.Rat {
		for i := 1; i < len(startupPoints); i++ {
			a, b := startupPoints[i-1], startupPoints[i]
			if float64(n) <= b.files || i == len(startupPoints)-1 {
				r := big.NewRat(n-int64(a.files), 1)
				r.Mul(r, big.NewRat(int64(b.seconds-a.seconds), int64(b.files-a.files)))
				return r.Add(r, big.NewRat(int64(a.seconds), 1))
			}
		}
		return nil
	}
	hundred := big.NewRat(100, 1)
	for n := int64(1); n <= 40000; n++ {
		e := exact(n)
		if !new(big.Rat).Mul(e, hundred).IsInt() {
			continue // not a budget written with two decimals
		}
		typed, _ := strconv.ParseFloat(e.FloatString(2), 64)
		if got := StartupSeconds(int(n)); got != typed {
			t.Fatalf("StartupSeconds(%d) = %v, want %v: at a budget of %v it reads as over", n, got, typed, typed)
		}
	}
}
