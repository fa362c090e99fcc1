package js

import (
	"regexp"
)

// v8Rewrites turn goja's error messages into V8's, for the errors model
// code commonly runs into; the coder loop shows them to the model, and
// MINDcraft runs on node.
var v8Rewrites = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`^TypeError: Cannot read property '(.*)' of (undefined|null)$`), "TypeError: Cannot read properties of $2 (reading '$1')"},
	{regexp.MustCompile(`^TypeError: Cannot set property '(.*)' of (undefined|null)$`), "TypeError: Cannot set properties of $2 (setting '$1')"},
	{regexp.MustCompile(`^TypeError: Cannot assign to read only property '([^']*)'$`), "TypeError: Cannot assign to read only property '$1' of object '#<Object>'"},
	{regexp.MustCompile(`^TypeError: Object has no member '([^']*)'$`), "TypeError: $1 is not a function"},
}

// v8Text is goja's e.toString() worded as V8 words it, where known.
func v8Text(s string) string {
	for _, r := range v8Rewrites {
		if r.re.MatchString(s) {
			return r.re.ReplaceAllString(s, r.repl)
		}
	}
	return s
}
