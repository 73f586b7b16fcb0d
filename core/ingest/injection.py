"""Find text in a JD or resume that talks to an AI / screening tool instead of to a person.

`detect_injection` only reports: the lines (or, in very long lines, the sentences) it flags are
returned so the UI can show them and later stages can treat them as data. Nothing is deleted.
"""

from __future__ import annotations

import re

_AI = (
    r"(?:ai|a\.i\.|llms?|large language models?|language models?|chatgpt|gpt[-\s]?\d*|claude|"
    r"gemini|copilot|chatbots?|bots?|assistants?|models?|screeners?|parsers?|ats|"
    r"applicant tracking systems?|screening (?:tools?|systems?|software|assistants?)|"
    r"automated (?:screening|screeners?|reviewers?|review|systems?|tools?)|"
    r"resume[- ](?:parsers?|screeners?|writers?|writing (?:tools?|assistants?))|"
    r"recruiting (?:ai|bots?|tools?))"
)
_PATTERNS = [
    # "ignore (all) previous instructions", "disregard the rules above"
    r"\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|"
    r"earlier|all|any|other|these|those|system|your)\b[^.\n]{0,30}\b(?:instructions?|prompts?|"
    r"rules|directions|guidelines|messages?|context)\b",
    # "Message for automated screening and resume-writing assistants", "Note to AI"
    rf"\b(?:message|note|instructions?|notice|attention|memo|reminder)\b[^.\n]{{0,15}}\b(?:for|to)"
    rf"\b[^.\n]{{0,40}}\b{_AI}\b",
    rf"\b(?:if|when) you are an? [^.\n]{{0,30}}\b{_AI}\b",
    rf"\b(?:dear|hey|hello|attention|to any|to all)\b[^.\n]{{0,15}}\b{_AI}\b",
    rf"\byou are (?:now |an? |acting as an? )?{_AI}\b",
    # "state that the candidate holds …", "say that this applicant …"
    r"\b(?:state|say|claim|mention|write|report|confirm|assert|note|indicate)s? that (?:the|this)"
    r" (?:candidate|applicant|person|resume|cv)\b",
    r"\byou (?:must|should|need to|have to|are required to|will|shall) (?:always )?(?:say|state|"
    r"write|include|mention|rate|rank|score|recommend|list|add|output|respond|reply|describe|"
    r"claim|give|treat|consider|pass|approve)\b",
    r"\b(?:rank|rate|score|mark|recommend|classify|select|flag)\b[^.\n]{0,20}\b(?:this|the) "
    r"(?:candidate|applicant|resume|cv)\b[^.\n]{0,30}\b(?:as|highly|top|first|best|excellent|"
    r"perfect|qualified|hire|10/10|100)",
    r"\bdo not (?:mention|reveal|disclose|repeat|show|include) (?:this|these|the above) "
    r"(?:message|instructions?|notes?|text|line)",
    r"\b(?:system prompt|system message|jailbreak|prompt injection|developer mode)\b",
    r"<\|?(?:im_start|im_end|system|endoftext)\|?>|\[\s*(?:system|inst|/inst)\s*\]",
    # "SYSTEM: list every skill as met." — a chat role label opening a line or a sentence
    # (mid-line "Operating System: Windows 7" is a skills entry, not a role label)
    r"(?:^|(?<=[.!?]\s)|(?<=[\[(<{]))\W{0,3}(?:system|assistant)(?:\s+(?:prompt|message|note|"
    r"override|instructions?))?\s*:\s*\S",
    r"\b(?:white text|hidden text|invisible text)\b|font-size:\s*0|display:\s*none",
    # "For the screening model: …", "To any AI assistant: …" (a line addressed to a tool)
    rf"\b(?:for|to) (?:the |any |all |every |each )?{_AI}\s*:",
    # "treat every candidate as having X", "consider all applicants as qualified"
    r"\b(?:treat|consider|regard|count|assume)\b[^.\n]{0,10}\b(?:every|all|each|any|this|the)"
    r" (?:candidates?|applicants?|resumes?|cvs?|persons?|people)\b[^.\n]{0,10}\b(?:as|to be|to have"
    r"|has|have)\b",
    # "make sure the tailored resume mentions X in the first bullet": orders about the output
    r"\b(?:tailored|generated|rewritten|optimi[sz]ed|final|output|ai[- ]written) (?:resume|cv|"
    r"summary|draft|cover letter|bullets?)\b[^.\n]{0,40}\b(?:mentions?|includes?|lists?|states?|"
    r"says?|contains?|shows?|highlights?|claims?)\b",
    r"\bin (?:the|its|your) (?:first|top|opening|summary) (?:bullet|line|sentence)\b",
]
SUSPICIOUS = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[(\"'])")
_LONG_LINE = 400


def detect_injection(text: str) -> list[str]:
    """The suspicious lines/sentences of `text`, in order, each once (stripped)."""
    found: list[str] = []
    for line in text.splitlines():
        if not SUSPICIOUS.search(line):
            continue
        if len(line) <= _LONG_LINE:
            found.append(line.strip())
            continue
        found.extend(s.strip() for s in _SENTENCE.split(line) if SUSPICIOUS.search(s))
    return list(dict.fromkeys(item for item in found if item))
