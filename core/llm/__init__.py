"""The one door to a language model: prompts, response models, the client, cache and accounting.

- `prompts.render_prompt(name, **context)` renders `core/prompts/<name>.jinja` (untrusted text
  fenced).
- `responses` holds the Pydantic models each stage asks for (card ids validated).
- `client.make_llm(settings, …)` returns the litellm + instructor client, or None (offline).
- `fake.FakeLLM` is the test double; `assembler.assemble` salvages near-JSON; `cache` and
  `accounting` keep repeat runs free and costs visible.

Importing this package is cheap: litellm and instructor load only when a client is built.
"""
