package scripted

func (s *state) cooking() string { return with(s.say("wait"), cmd("stay", 10)) }
