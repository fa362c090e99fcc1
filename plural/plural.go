// Package plural writes a count with its noun in the right number, so
// messages say "1 task" and "3 tasks", never "1 tasks".
package plural

import "strconv"

// Count is n with its noun: "1 task", "0 tasks", "3 tasks". many, if
// given, is the plural where it is not noun+"s" ("2 matches").
func Count[N ~int | ~int64](n N, noun string, many ...string) string {
	return strconv.FormatInt(int64(n), 10) + " " + Word(n, noun, many...)
}

// Word is the noun alone in the number n asks for.
func Word[N ~int | ~int64](n N, noun string, many ...string) string {
	if n == 1 {
		return noun
	}
	if len(many) > 0 {
		return many[0]
	}
	return noun + "s"
}
