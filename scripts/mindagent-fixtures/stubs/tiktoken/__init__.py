"""Stand-in for tiktoken: agents/chat_agent.py imports it for a token
counter it never calls on the paths rendered."""


def get_encoding(name):
    raise NotImplementedError("tiktoken is not available to the fixture renderer")
