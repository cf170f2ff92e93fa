package mergemark

import "testing"

func TestFind(t *testing.T) {
	for _, c := range []struct {
		text   string
		line   int
		marker string
	}{
		{"a: 1\n<<<<<<< HEAD\nb: 2\n=======\nb: 3\n>>>>>>> topic\n", 2, "<<<<<<<"},
		{"a: 1\r\n<<<<<<<\r\nb: 2\r\n", 2, "<<<<<<<"},
		{"a: 1\n=======\nb: 3\n>>>>>>> topic", 2, "======="}, // the first side resolved, the rest left
		{"a: 1\nb: 3\n>>>>>>> 1a2b3c (topic)\n", 3, ">>>>>>>"},
		{"a: 1\n||||||| base\n", 2, "|||||||"},
		{"a: 1\n=======\nb: 2\n", 0, ""},  // a rule of = alone
		{"a: 1\n<<<<<<<<\n", 0, ""},       // eight
		{"a: '<<<<<<< HEAD'\n", 0, ""},    // not at the start of a line
		{"x: |\n  <<<<<<< HEAD\n", 0, ""}, // indented
		{"", 0, ""},
	} {
		line, marker := Find([]byte(c.text))
		if line != c.line || marker != c.marker {
			t.Errorf("%q: line %d %q, want %d %q", c.text, line, marker, c.line, c.marker)
		}
	}
}
