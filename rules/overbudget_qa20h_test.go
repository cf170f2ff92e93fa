package rules

import (
	"strconv"
	"strings"
	"testing"
)

// TestFormatOverBudgetPrintsBudgetAsSet: the message gives the budget the
// user set. A startup-budget of 0.03 s was printed as "over the 0 s
// budget", and 12.5 s as "over the 13 s budget": the usual rounding of an
// estimate is no way to print a figure the user typed.
func TestFormatOverBudgetPrintsBudgetAsSet(t *testing.T) {
	cases := []struct {
		est, budget float64
		want        string // "estimate / budget"
	}{
		{0.05, 0.03, "0.1 s / 0.03 s"},
		{0.035, 0.03, "0.04 s / 0.03 s"}, // "0 s" would not read as over
		{13.6, 12.5, "14 s / 12.5 s"},
		{12.8, 12.5, "13 s / 12.5 s"},
		{150.9, 150.5, "2 min 31 s / 150.5 s"},
		{10.3, 10.04, "10.3 s / 10.04 s"},
		{10.01, 10, "10.01 s / 10 s"}, // whole budgets unchanged
	}
	for _, c := range cases {
		e, b := formatOverBudget(c.est, c.budget)
		if got := e + " / " + b; got != c.want {
			t.Errorf("formatOverBudget(%v, %v) = %q, want %q", c.est, c.budget, got, c.want)
		}
	}
	// A budget set with decimals prints as its own value, and the
	// estimate over it prints as a larger figure when both are in seconds.
	for _, budget := range []float64{0.01, 0.03, 0.25, 2.45, 12.5, 10.04, 59.95} {
		for _, delta := range []float64{1e-6, 0.004, 0.02, 0.3} {
			e, b := formatOverBudget(budget+delta, budget)
			bv, err := strconv.ParseFloat(strings.TrimSuffix(b, " s"), 64)
			if err != nil || bv != budget {
				t.Errorf("budget %v printed as %q", budget, b)
				continue
			}
			if ev, err := strconv.ParseFloat(strings.TrimSuffix(e, " s"), 64); err == nil && ev <= budget {
				t.Errorf("estimate %v over budget %v printed as %q, not over %q", budget+delta, budget, e, b)
			}
		}
	}
}
