'use strict';

// A small HTTP-style router with middleware, a response cache and an event
// log. Everything runs in memory: requests are plain objects.

class EventLog {
  constructor(limit = 100) {
    this.limit = limit;
    this.entries = [];
    this.listeners = new Map();
  }

  on(kind, listener) {
    if (!this.listeners.has(kind)) {
      this.listeners.set(kind, []);
    }
    this.listeners.get(kind).push(listener);
    return () => this.off(kind, listener);
  }

  off(kind, listener) {
    const list = this.listeners.get(kind) || [];
    this.listeners.set(kind, list.filter((l) => l !== listener));
  }

  emit(kind, payload) {
    this.entries.push({ kind, payload, at: this.entries.length });
    if (this.entries.length > this.limit) {
      this.entries.shift();
    }
    for (const listener of this.listeners.get(kind) || []) {
      listener(payload);
    }
  }
}

class LruCache {
  constructor(capacity) {
    this.capacity = capacity;
    this.map = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  get(key) {
    if (!this.map.has(key)) {
      this.misses += 1;
      return undefined;
    }
    const value = this.map.get(key);
    this.map.delete(key);
    this.map.set(key, value);
    this.hits += 1;
    return value;
  }

  set(key, value) {
    if (this.map.has(key)) {
      this.map.delete(key);
    } else if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next().value;
      this.map.delete(oldest);
    }
    this.map.set(key, value);
  }
}

function compilePattern(pattern) {
  const names = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

class Router {
  constructor(log) {
    this.routes = [];
    this.middleware = [];
    this.log = log;
    this.cache = new LruCache(16);
  }

  use(fn) {
    this.middleware.push(fn);
    return this;
  }

  add(method, pattern, handler) {
    const { regex, names } = compilePattern(pattern);
    this.routes.push({ method, regex, names, handler });
    return this;
  }

  get(pattern, handler) {
    return this.add('GET', pattern, handler);
  }

  post(pattern, handler) {
    return this.add('POST', pattern, handler);
  }

  match(method, path) {
    for (const route of this.routes) {
      if (route.method !== method) {
        continue;
      }
      const m = route.regex.exec(path);
      if (m) {
        const params = {};
        route.names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]);
        });
        return { route, params };
      }
    }
    return null;
  }

  handle(request) {
    const key = `${request.method} ${request.path}`;
    if (request.method === 'GET') {
      const cached = this.cache.get(key);
      if (cached) {
        this.log.emit('cache-hit', key);
        return cached;
      }
    }
    const context = { request, state: {} };
    for (const fn of this.middleware) {
      const stop = fn(context);
      if (stop) {
        return stop;
      }
    }
    const found = this.match(request.method, request.path);
    if (!found) {
      this.log.emit('not-found', key);
      return { status: 404, body: 'not found' };
    }
    const handler = found.route.handler;
    const response = handler.run({ ...context, params: found.params });
    if (request.method === 'GET' && response.status === 200) {
      this.cache.set(key, response);
    }
    this.log.emit('handled', { key, status: response.status });
    return response;
  }
}

const users = new Map([
  ['1', { id: '1', name: 'Ada', roles: ['admin'] }],
  ['2', { id: '2', name: 'Linus', roles: [] }],
]);

function requireAuth(context) {
  const token = context.request.headers && context.request.headers.authorization;
  if (!token) {
    return { status: 401, body: 'missing token' };
  }
  context.state.user = token.replace('Bearer ', '');
  return null;
}

function listUsers() {
  return { status: 200, body: Array.from(users.values()).map((u) => u.name) };
}

function showUser(context) {
  const user = users.get(context.params.id);
  if (!user) {
    return { status: 404, body: 'no such user' };
  }
  return { status: 200, body: user };
}

function createUser(context) {
  const { name } = context.request.body || {};
  if (typeof name !== 'string' || name.length === 0) {
    return { status: 400, body: 'name required' };
  }
  const id = String(users.size + 1);
  users.set(id, { id, name, roles: [] });
  return { status: 201, body: { id } };
}

const log = new EventLog(50);
const seen = [];
log.on('handled', (entry) => seen.push(entry.status));

const router = new Router(log)
  .use(requireAuth)
  .get('/users', listUsers)
  .get('/users/:id', showUser)
  .post('/users', createUser);

const headers = { authorization: 'Bearer token-123' };
const requests = [
  { method: 'GET', path: '/users', headers },
  { method: 'GET', path: '/users/1', headers },
  { method: 'POST', path: '/users', headers, body: { name: 'Grace' } },
  { method: 'GET', path: '/users/3', headers },
  { method: 'GET', path: '/nowhere', headers },
];

for (const request of requests) {
  const response = router.handle(request);
  console.log(request.method, request.path, response.status);
}
console.log('statuses', seen.join(','));
