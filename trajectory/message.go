package trajectory

// Message is one chat message exactly as it was sent to (or received from) a
// model: the unit every later stage (filter, export) works with.
type Message struct {
	Role    string `json:"role"`    // "system" | "user" | "assistant"
	Content string `json:"content"` // exact bytes, never trimmed or normalised
}
