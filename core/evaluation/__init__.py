"""All scoring against labelled cases, one package: every `resumeforge eval` command.

- `retrieval_metrics` (nDCG, recall, MRR on rankings) and `retrieval_eval` (`eval retrieval`);
- `jd_scoring` (one posting against its labels) and `jd_eval` (`eval jd`);
- `audit_probes` (the truth audit on one case's probe bullets) and `audit_eval` (`eval audit`);
- `resume_eval`, `resume_match`, `never_evidence` (`eval resumes`); `pipeline_eval`, `produced`,
  `injection` (`eval pipeline`); `splits` (the tuning / held-back split every report uses).
"""
