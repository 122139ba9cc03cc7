# The image compose.yaml runs as web, worker and beat (README "Running in production").
FROM python:3.11-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git bubblewrap libseccomp2 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN useradd --create-home --uid 1000 brabo && mkdir -p /var/lib/brabo && chown brabo /var/lib/brabo
USER brabo
EXPOSE 8000
# uvicorn serving brabo.asgi (brabo/web.py reads BRABO_WEB_BIND, BRABO_WEB_WORKERS, BRABO_WEB_THREADS)
CMD ["python", "-m", "brabo.web"]
