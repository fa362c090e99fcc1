package scripted

func (s *state) construction() string { return with(s.say("wait"), cmd("stay", 10)) }
