"""Stand-in for requests: utils/llm.py posts with it only for vicuna, which
the fixtures do not render."""


def post(*args, **kwargs):
    raise NotImplementedError("no network in the fixture renderer")
