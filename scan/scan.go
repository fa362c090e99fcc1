// Package scan has the byte classes and runs that the hand-written text
// readers share (world/texts, procgen's goal texts, the scripted experts'
// chat and notes): readers written by hand where a regexp would be the
// hot path of every call.
package scan

// Digit reports whether c is in [0-9].
func Digit(c byte) bool { return '0' <= c && c <= '9' }

// Lower reports whether c is in [a-z_], the letters of an item name.
func Lower(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' }

// Word reports whether c is in \w: [0-9A-Za-z_].
func Word(c byte) bool { return Lower(c) || Digit(c) || 'A' <= c && c <= 'Z' }

// Span is the length of the run of bytes of class at the start of s.
func Span(s string, class func(byte) bool) int {
	i := 0
	for i < len(s) && class(s[i]) {
		i++
	}
	return i
}

// SpanBack is the length of the run of bytes of class that ends at
// s[:end].
func SpanBack(s string, end int, class func(byte) bool) int {
	i := end
	for i > 0 && class(s[i-1]) {
		i--
	}
	return end - i
}
