"""Which models a visitor of the app may use: only the operator's, never a URL.

Threat (docs/SECURITY.md, hosted demo): litellm sends a request to whatever host a model string
names. Some providers read the host from the string itself (`oobabooga/http://10.0.0.5/…`),
local providers default to a host on the server's own machine (`ollama/…` → localhost:11434),
and a generic string may carry a URL. A visitor who could type a model string could make the
server contact any host and read the reply on screen (SSRF).

So in the app:
- the visitor picks from `visitor_models(...)`: the operator's allow-list (`llm.allowed_models`
  in settings, plus the model of `[llm]` in st.secrets), never free text;
- every model the app is about to use passes `check_visitor_model` (defence in depth: session
  state can be set to anything): no URL or host in the string, a provider whose host is fixed
  by the provider (`FIXED_HOST_PROVIDERS`), or a local provider (`LOCAL_PROVIDERS`) only when the
  operator set `llm.allow_local_models`; and it must be on the allow-list;
- `api_base` comes only from configuration (`llm.api_base`), never from a visitor.
The CLI is the operator's own tool: it uses whatever model and API base it is given.
"""

from __future__ import annotations

import os
import re

from core.errors import ProviderError
from core.settings import DEFAULT_APP_MODELS, LLMSettings

# Providers whose endpoint is a fixed public host chosen by litellm (no host in the string).
FIXED_HOST_PROVIDERS = frozenset(
    {
        "openai",
        "anthropic",
        "gemini",
        "groq",
        "deepseek",
        "mistral",
        "cohere",
        "cohere_chat",
        "together_ai",
        "fireworks_ai",
        "openrouter",
        "perplexity",
        "xai",
        "cerebras",
    }
)
# Providers that talk to a server on this machine / network by default (llama.cpp's server is
# reached as `openai/<name>` with the operator's `api_base`, or as `llamafile/…`).
LOCAL_PROVIDERS = frozenset({"ollama", "ollama_chat", "lm_studio", "llamafile", "hosted_vllm"})
_HOST_SHAPES = re.compile(
    r"://|^//|[@#?\\\s]|localhost|\b\d{1,3}(?:\.\d{1,3}){3}\b|\[[0-9a-f:]*\]|:\d{2,5}\b",
    re.IGNORECASE,
)
NOT_ALLOWED = (
    "This model is not available here. Choose one of the models in the list (the server's "
    "operator decides which models and endpoints can be used)."
)


def carries_host(model: str) -> bool:
    """Does the model string name a URL, a host, an address or a port?"""
    return bool(_HOST_SHAPES.search(model))


# litellm's answer for the app's default menu, so drawing the sidebar of the offline app does not
# import litellm (~130 MB resident with openai, more than the rest of the offline app's libraries).
# tests/core/test_llm_endpoints.py checks each against litellm itself.
KNOWN_PROVIDERS = {model: model.split("/", 1)[0] for model in DEFAULT_APP_MODELS}


def provider_from_string(model: str) -> str:
    """litellm's provider for `model` ('' when litellm cannot route it)."""
    if model in KNOWN_PROVIDERS and not _proxy_by_default():
        return KNOWN_PROVIDERS[model]
    import litellm

    try:
        return str(litellm.get_llm_provider(model)[1])
    except Exception:
        return ""


def _proxy_by_default() -> bool:
    """litellm routes every model to its proxy when USE_LITELLM_PROXY is set: ask litellm then."""
    return bool(os.environ.get("USE_LITELLM_PROXY", "").strip())


def is_local(model: str) -> bool:
    return provider_from_string(model) in LOCAL_PROVIDERS


def routable_for_visitors(model: str, *, allow_local: bool) -> bool:
    """No host in the string, and a provider whose host does not come from the string."""
    if not model or carries_host(model):
        return False
    provider = provider_from_string(model)
    return provider in FIXED_HOST_PROVIDERS or (allow_local and provider in LOCAL_PROVIDERS)


def visitor_models(settings: LLMSettings, *, operator_model: str | None = None) -> list[str]:
    """The models the app offers: the operator's allow-list, each one routable for visitors."""
    listed = [*([operator_model] if operator_model else []), *settings.allowed_models]
    return [
        m
        for m in dict.fromkeys(listed)
        if routable_for_visitors(m, allow_local=settings.allow_local_models)
    ]


def check_visitor_model(
    model: str, settings: LLMSettings, *, operator_model: str | None = None
) -> str:
    """`model` if a visitor may use it, else a ProviderError with a fixed message."""
    if model not in visitor_models(settings, operator_model=operator_model):
        raise ProviderError(NOT_ALLOWED, kind="not_allowed")
    return model
